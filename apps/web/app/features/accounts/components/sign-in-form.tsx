import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useLocation } from "react-router";
import { signIn } from "../../../lib/login";
import type { LoginResponse } from "../../../stores/root-store";
import { signInSchema, type SignInValues } from "../schemas";
import { PasswordField, TextField } from "./text-field";

export interface SignInFormProps {
  /** Label of the submit button. */
  submitLabel?: string;
  /** Called after a successful sign-in (user info fetched). */
  onSignedIn: (response: LoginResponse) => void;
}

/**
 * The email + password form shared by /sign_in, /parent_sign_in and /accounts/login. It signs
 * in through POST /main/login (app/lib/login.ts): the loader shows meanwhile, a failure shows
 * the Korean toast, and the password is cleared for another try.
 */
export function SignInForm({ submitLabel = "로그인", onSignedIn }: SignInFormProps) {
  const location = useLocation();
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const response = await signIn(email, password, location);
    if (response) {
      onSignedIn(response);
      return;
    }
    resetField("password");
    setFocus("password");
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="이메일"
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="none"
        placeholder="name@example.com"
        registration={register("email")}
        error={errors.email?.message}
      />
      <PasswordField
        label="비밀번호"
        autoComplete="current-password"
        registration={register("password")}
        error={errors.password?.message}
      />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}

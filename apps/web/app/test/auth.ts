import { setAccessToken } from "../lib/credentials";
import { useRootStore, type LoginResponse, type UserType } from "../stores/root-store";
import { fakeJwt } from "./fetch-mock";

/**
 * Signs the root store in as a `userType` account, as a login would (the web tests' sign-in):
 * USER_NO 4, 가 <a@example.com>, login token "t" unless `data` says otherwise. Nothing is
 * fetched; reset with `useRootStore.getState().reset()`.
 */
export function signInAs(userType: UserType, data: Partial<LoginResponse> = {}): void {
  useRootStore.getState().setAuth({
    flag: true,
    data: {
      token: "t",
      EMAIL_ID: "a@example.com",
      USER_NO: 4,
      USER_TYPE: userType,
      USER_NAME: "가",
      ...data,
    },
  });
}

/**
 * `signInAs` with a fresh access token (a fake JWT valid for 15 minutes, `user_type` =
 * `userType`) stored as the GraphQL and REST calls read it, and also as the login token.
 */
export function signInWithAccessToken(userType: UserType, data: Partial<LoginResponse> = {}): void {
  const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 900, user_type: userType });
  setAccessToken(token);
  signInAs(userType, { token, ...data });
}

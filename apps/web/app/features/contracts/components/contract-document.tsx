import type { ContractDocument } from "../api/graphql";
import { seoulDateTime, signerRoleLabel } from "../labels";

/**
 * The full text of a contract (contractDocument: title and sections, docs/api/contracts.md) as
 * an article: the title as `headingLevel`, each section a heading one level down and its
 * paragraphs. With a signature, a closing block says who signed, as whom, and when (Asia/Seoul).
 * The same markup is printed (contracts.css, @media print).
 */
export function ContractDocumentText({
  doc,
  headingLevel = 1,
  titleId,
}: {
  doc: ContractDocument;
  headingLevel?: 1 | 2;
  titleId: string;
}) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Section = headingLevel === 1 ? "h2" : "h3";
  return (
    <article className="contract-doc" aria-labelledby={titleId}>
      <header className="contract-doc__head">
        <Title id={titleId} className="contract-doc__title">
          {doc.title}
        </Title>
        <p className="contract-doc__version">계약서 버전 {doc.version}</p>
      </header>
      {doc.sections.map((section, i) => (
        <section key={`${i}-${section.heading}`} className="contract-doc__section">
          <Section className="contract-doc__heading">{section.heading}</Section>
          {section.paragraphs.map((paragraph, j) => (
            <p key={j} className="contract-doc__paragraph">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {doc.signedAt ? (
        <footer className="contract-doc__signature" data-testid="contract-signature">
          <p>위 계약 내용을 읽고 동의하여 전자서명합니다.</p>
          <dl className="contract-doc__signature-list">
            <div>
              <dt>서명한 사람</dt>
              <dd>
                {doc.signedBy}
                {doc.signerRole ? ` (${signerRoleLabel(doc.signerRole)})` : ""}
              </dd>
            </div>
            <div>
              <dt>서명 일시</dt>
              <dd>{seoulDateTime(doc.signedAt)}</dd>
            </div>
          </dl>
        </footer>
      ) : null}
    </article>
  );
}

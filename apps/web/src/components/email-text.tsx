import { Fragment } from 'react';

/** Where an address may break: after its @ and after each dot, as a reader would split it. */
export function emailSegments(email: string): string[] {
  return email.split(/(?<=[@.])/);
}

/**
 * An e-mail address that wraps at sensible points on a narrow screen (after @ and the dots), and
 * anywhere only when a piece still does not fit; copying it copies the plain address.
 */
export function EmailText({ email, testId }: { email: string; testId?: string }) {
  return (
    <span style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
      {emailSegments(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A text's slot for the address, passed as the `email` value of a translation. */
export const EMAIL_SLOT = '\u0000email\u0000';

/** A translated sentence whose `{{email}}` was given EMAIL_SLOT, with the address that wraps well. */
export function TextWithEmail({ text, email }: { text: string; email: string }) {
  const pieces = text.split(EMAIL_SLOT);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <EmailText email={email} />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

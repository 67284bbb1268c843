// What the operations console's calls share: the person a row names (a merchant, the actor of
// an audit row, a KYC applicant) and the review comment every decision carries.
import { z } from 'zod';
import { zFreeText } from '../../text.ts';

export const ADMIN_LIMITS = {
  /** A review comment: what the merchant reads in View Comments (store_comments allows 2000). */
  commentMaxChars: 2000,
  actionMaxChars: 100,
} as const;

/** A person as the console names them. */
export const ZAdminPerson = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  business_name: z.string().nullable(),
});
export type TAdminPerson = z.infer<typeof ZAdminPerson>;

/** The reviewer's comment: trimmed, at most 2000 characters, lines allowed; required by `commentRequired`. */
export const zReviewComment = zFreeText('comment', ADMIN_LIMITS.commentMaxChars);

/** A review without a comment is refused: the merchant reads why. */
export function commentRequired(value: { comment: string }, ctx: z.RefinementCtx): void {
  if (value.comment === '') ctx.addIssue({ code: 'custom', path: ['comment'], message: 'The comment field is required' });
}

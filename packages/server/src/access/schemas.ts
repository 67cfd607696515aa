import { z } from '../http/schemas.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-hash.js';

/**
 * Body of the unlock post (form-encoded from the lock screen, or JSON). A wrong password is
 * not a validation error: it answers with the wrong-password message, so only the shape is
 * checked here.
 */
export const UnlockBody = z.object({
  password: z
    .string({ error: 'password must be a string.' })
    .max(PASSWORD_MAX_LENGTH * 4, { error: 'password is too long.' })
    .default(''),
  scope: z
    .string({ error: "scope must be 'site' or a collection id." })
    .max(64, { error: "scope must be 'site' or a collection id." })
    .describe("'site' for the lock screen, or a collection id"),
  returnTo: z.string().max(2000).optional().describe('Local path to return to (default /)'),
});

/** JSON answer of a right password (form posts get a 303 to returnTo instead). */
export const Unlocked = z.object({ unlocked: z.literal(true), returnTo: z.string() });

const passwordMessage = `password must be a string of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, or null to remove it.`;

/** Body of the owner's password calls: a new password, or null to remove the protection. */
export const PasswordBody = z.object({
  password: z
    .string({ error: passwordMessage })
    .min(PASSWORD_MIN_LENGTH, { error: passwordMessage })
    .max(PASSWORD_MAX_LENGTH, { error: passwordMessage })
    .nullable()
    .describe('The new password, or null to remove it'),
});

/** Route parameters naming a collection. */
export const CollectionParams = z.object({ collectionId: z.string().max(64).describe('The collection id') });

/** Answer of setting the lock screen password. */
export const SiteLock = z.object({ lockScreen: z.boolean().describe('Whether the site now shows the lock screen') });

/** Answer of setting a collection's password. */
export const CollectionLock = z.object({ id: z.string(), passwordProtected: z.boolean() });

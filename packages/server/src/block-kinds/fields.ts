import { z } from 'zod';
import { BlockMessages } from './messages.js';

/** A string of at most `max` characters, trimmed. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: BlockMessages.atMost(max) });

/** A link on the site or elsewhere: http(s), mailto, tel or a path of the site. */
export const LinkUrl = z
  .string()
  .trim()
  .max(2000, { error: BlockMessages.atMost(2000) })
  .regex(/^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+|tel:[0-9+()\s.-]+|\/[^\s<>"]*)$/, { error: BlockMessages.LINK_FORM });

/** An address on another site, over https only. */
export const HttpsUrl = z
  .string()
  .trim()
  .max(2000, { error: BlockMessages.atMost(2000) })
  .regex(/^https:\/\/[^\s<>"]+$/, { error: BlockMessages.HTTPS_URL });

/** An address of a file: https elsewhere or a path of the site (uploaded media). */
export const MediaUrl = z
  .string()
  .trim()
  .max(2000, { error: BlockMessages.atMost(2000) })
  .regex(/^(https:\/\/[^\s<>"]+|\/[^\s<>"]*)$/, { error: BlockMessages.LINK_FORM });

/** One of `values`, with the spec's message for anything else. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => BlockMessages.notOneOf(String(issue.input)) });

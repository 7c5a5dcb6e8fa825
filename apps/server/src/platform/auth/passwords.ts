import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer | string, keylen: number, options: { N: number }) => Promise<Buffer>;
const COST = 16384;
const KEY_LENGTH = 32;

/** `scrypt$N$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N: COST });
  return `scrypt$${COST}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(cost) });
  return timingSafeEqual(expected, actual);
}

/**
 * The work of one password check where there is no account, so that a wrong e-mail takes as long
 * as a wrong password (nothing is compared, nothing is kept between calls). Always false.
 */
export async function verifyNoPassword(password: string): Promise<false> {
  await scrypt(password, 'apron-no-such-account', KEY_LENGTH, { N: COST });
  return false;
}

/** A password a person can type once from the console: 4 groups of 5 characters. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

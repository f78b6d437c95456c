/** The password policy, one schema for both sides. */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';

export const PASSWORD_SYMBOLS = '*@!#%&()^~{}';

export const PASSWORD_RULES = {
  length: `At least ${PASSWORD_MIN_LENGTH} characters`,
  digit: 'One number',
  upper: 'One uppercase letter',
  lower: 'One lowercase letter',
  symbol: `One of ${PASSWORD_SYMBOLS.split('').join(' ')}`,
} as const;

const symbolPattern = new RegExp(`[${PASSWORD_SYMBOLS.replace(/[\\^\]]/g, '\\$&')}]`);

export const PasswordPolicySchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULES.length)
  .regex(/\d/, PASSWORD_RULES.digit)
  .regex(/[A-Z]/, PASSWORD_RULES.upper)
  .regex(/[a-z]/, PASSWORD_RULES.lower)
  .regex(symbolPattern, PASSWORD_RULES.symbol);

import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, MSG, SMS_CODE_LENGTH, SMS_LIMITS, type SmsPurpose } from '@district/shared';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../lib/http.js';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/** Codes one client address may ask for per hour, over every phone. */
export const SMS_PER_ADDRESS_HOUR = 20;

/** A phone as the kv store's keys name it: its keyed hash, so Redis (and its dumps) hold no phone numbers. */
export const smsPhoneKey = (ctx: AppContext, phone: string) => ctx.fields.hash(phone.trim(), 'kv.sms-phone');
const who = smsPhoneKey;
const codeKey = (ctx: AppContext, purpose: SmsPurpose, phone: string) => `sms:code:${purpose}:${who(ctx, phone)}`;
const checksKey = (ctx: AppContext, purpose: SmsPurpose, phone: string) => `sms:checks:${purpose}:${who(ctx, phone)}`;

function digest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/**
 * Sends a fresh 6-digit code to a phone. Limits (checked before anything is sent, each counted in the shared
 * kv store so every instance agrees): one per phone and minute, ten per phone and day, SMS_PER_ADDRESS_HOUR
 * per client address and hour. Only a salted hash of the code is stored; the code itself goes to the provider
 * and nowhere else. `deliver: false` counts and answers as if sent (a login code for an unknown phone), so the
 * answer does not tell whether the phone has an account.
 */
export async function sendSmsCode(
  ctx: AppContext,
  purpose: SmsPurpose,
  phone: string,
  ip: string,
  opts: { deliver?: boolean } = {},
): Promise<void> {
  const { kv } = ctx;
  if ((await kv.incr(`sms:ip:${ip}`, HOUR_MS)) > SMS_PER_ADDRESS_HOUR) throw new ApiError(429, M.smsAddressLimit);
  if ((await kv.incr(`sms:minute:${who(ctx, phone)}`, 60_000)) > SMS_LIMITS.perMinute) {
    throw new ApiError(429, M.smsTooFrequent);
  }
  if ((await kv.incr(`sms:day:${who(ctx, phone)}`, DAY_MS)) > SMS_LIMITS.perDay)
    throw new ApiError(429, M.smsDailyLimit);
  if (opts.deliver === false) return;

  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const salt = randomBytes(8).toString('hex');
  try {
    await ctx.sms.send({
      phone,
      purpose,
      text: `您的验证码为${code}，${SMS_LIMITS.ttlMs / 60_000}分钟内有效，请勿告诉他人。`,
    });
  } catch {
    throw new ApiError(502, M.smsSendFailed);
  }
  await kv.set(codeKey(ctx, purpose, phone), `${salt}:${digest(salt, code)}`, SMS_LIMITS.ttlMs);
  await kv.del(checksKey(ctx, purpose, phone));
}

/**
 * Checks a code and uses it up. A wrong code counts; the SMS_LIMITS.maxChecks-th check voids the code (429).
 * A right code is taken from the store in one step, so two requests cannot both use it.
 */
export async function useSmsCode(ctx: AppContext, purpose: SmsPurpose, phone: string, code: string): Promise<void> {
  const { kv } = ctx;
  const stored = await kv.get(codeKey(ctx, purpose, phone));
  if (!stored) throw new ApiError(400, M.smsCodeExpired);
  const checks = await kv.incr(checksKey(ctx, purpose, phone), SMS_LIMITS.ttlMs);
  if (checks > SMS_LIMITS.maxChecks) {
    await kv.del(codeKey(ctx, purpose, phone));
    throw new ApiError(429, M.smsCodeTooManyChecks);
  }
  const [salt = '', hash = ''] = stored.split(':');
  const given = Buffer.from(digest(salt, code));
  if (given.length !== hash.length || !timingSafeEqual(given, Buffer.from(hash))) {
    if (checks >= SMS_LIMITS.maxChecks) await kv.del(codeKey(ctx, purpose, phone));
    throw new ApiError(400, M.smsCodeWrong);
  }
  if ((await kv.take(codeKey(ctx, purpose, phone))) !== stored) throw new ApiError(400, M.smsCodeExpired);
  await kv.del(checksKey(ctx, purpose, phone));
}

/** The image captcha of the login form, when captchas are on: single use, wrong or missing → 400. */
export async function useCaptcha(ctx: AppContext, captcha: string | undefined, checkKey: string | undefined) {
  if (!ctx.config.captchaEnabled) return;
  if (!captcha || !checkKey) throw new ApiError(400, MSG.captchaRequired);
  const expected = await ctx.kv.take(`captcha:${checkKey}`);
  if (!expected) throw new ApiError(400, MSG.captchaExpired);
  if (expected !== captcha.trim().toLowerCase()) throw new ApiError(400, MSG.captchaWrong);
}

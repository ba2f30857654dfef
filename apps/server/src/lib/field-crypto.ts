import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  getCiphers,
  getHashes,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { keyFromText } from './secret-box.js';

/**
 * Personal data at rest (ID numbers, phone numbers, e-mail addresses): each value is sealed on its own, with the
 * column it belongs to bound in (a value moved to another column does not open), and a keyed hash of it is kept
 * beside it, so that exact searches and uniqueness still work without the plain value.
 *
 * Stored form: `fe1:<cipher>:<key id>:` + base64 of
 * - cipher `s` (the default, 国密): SM4-CBC with a random 16-byte IV and PKCS#7 padding, then HMAC-SM3 over the header,
 *   the column, IV and ciphertext (encrypt-then-MAC): iv 16 | ciphertext | mac 32. This OpenSSL has no SM4-GCM (Node.js
 *   20 and 24 alike), so the integrity comes from the HMAC.
 * - cipher `a` (FIELD_CIPHER=aes-256-gcm): AES-256-GCM, 12-byte IV, the header and column as associated data:
 *   iv 12 | tag 16 | ciphertext.
 *
 * Keys: a ring of (id, 32 bytes), the first one current. Each key's sub-keys (SM4, HMAC, AES, hash) come from it by
 * HKDF-SHA256. Values sealed with an older key (or the other cipher) still open while their key is in the ring; a
 * rotation re-seals them with the current one (lib/field-reseal.ts). The keyed hash is HMAC-SM3 under the sealing
 * key's hash sub-key: a search looks for the hash under every key of the ring, a write stores the current one.
 */

export type FieldCipher = 'sm4' | 'aes-256-gcm';
export const FIELD_CIPHERS: readonly FieldCipher[] = ['sm4', 'aes-256-gcm'];

export class FieldCryptoError extends Error {}

export interface FieldKey {
  id: string;
  /** 32 bytes of key material. */
  material: Buffer;
}

export interface FieldCrypto {
  readonly cipher: FieldCipher;
  /** The key new values are sealed with. */
  readonly currentKeyId: string;
  readonly keyIds: readonly string[];
  /** Seals a value for one column (`purpose`, e.g. `sys_user.phone`). */
  seal(plain: string, purpose: string): string;
  /**
   * The plain value. A value that is not sealed (a row written before encryption, not yet converted) is answered
   * as it is; a sealed one that does not open (unknown key, another column, altered) throws FieldCryptoError.
   */
  open(stored: string, purpose: string): string;
  /** The keyed hash a write stores beside the value (current key). */
  hash(plain: string, purpose: string): string;
  /** The keyed hashes of a value under every key of the ring (what an exact search compares). */
  hashes(plain: string, purpose: string): string[];
  /** Whether a stored value is sealed with the current key and cipher (a rotation leaves it alone). */
  isCurrent(stored: string): boolean;
  /** The stored-form prefix of values sealed with the current key and cipher. */
  readonly currentPrefix: string;
  /** A check value of a key (not the key): the database remembers it, so another key under the same id is refused. */
  fingerprint(keyId: string): string;
}

export const SEALED_PREFIX = 'fe1:';
const CIPHER_TAG: Record<FieldCipher, string> = { sm4: 's', 'aes-256-gcm': 'a' };
const KEY_ID = /^[A-Za-z0-9-]{1,16}$/;
const SEALED = /^fe1:([sa]):([A-Za-z0-9-]{1,16}):([A-Za-z0-9+/=]+)$/;

/** Whether a stored value is sealed (by any key): what a conversion of plain rows skips. */
export function isSealedValue(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/** The id of the key a stored value was sealed with, or null for a plain value. */
export function sealedKeyId(value: string): string | null {
  return SEALED.exec(value)?.[2] ?? null;
}

/** Whether this Node.js/OpenSSL offers what the default cipher needs (SM4-CBC and SM3). */
export function hasSm4(): boolean {
  return getCiphers().includes('sm4-cbc') && getHashes().includes('sm3');
}

interface SubKeys {
  sm4: Buffer;
  mac: Buffer;
  aes: Buffer;
  index: Buffer;
  check: string;
}

function derive(material: Buffer): SubKeys {
  const sub = (info: string, length: number) =>
    Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), `district-assets/field/${info}`, length));
  return {
    sm4: sub('sm4', 16),
    mac: sub('hmac-sm3', 32),
    aes: sub('aes-256-gcm', 32),
    index: sub('index', 32),
    check: sub('check', 16).toString('hex'),
  };
}

/** Length-prefixed parts, so that no two different (header, column, …) tuples feed the MAC the same bytes. */
function framed(...parts: Buffer[]): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(p.length);
    out.push(len, p);
  }
  return Buffer.concat(out);
}

export function createFieldCrypto(keys: readonly FieldKey[], cipher: FieldCipher = 'sm4'): FieldCrypto {
  if (keys.length === 0) throw new FieldCryptoError('未配置字段加密密钥');
  if (!FIELD_CIPHERS.includes(cipher)) throw new FieldCryptoError(`不支持的字段加密算法：${cipher}`);
  if (cipher === 'sm4' && !hasSm4()) {
    throw new FieldCryptoError('当前 Node.js 的 OpenSSL 不提供 SM4/SM3，请设置 FIELD_CIPHER=aes-256-gcm');
  }
  const ring = new Map<string, SubKeys>();
  for (const k of keys) {
    if (!KEY_ID.test(k.id)) throw new FieldCryptoError(`字段加密密钥编号只能包含字母、数字和 -（最多 16 位）：${k.id}`);
    if (k.material.length !== 32) throw new FieldCryptoError(`字段加密密钥 ${k.id} 的长度必须为 32 字节`);
    if (ring.has(k.id)) throw new FieldCryptoError(`字段加密密钥编号重复：${k.id}`);
    ring.set(k.id, derive(k.material));
  }
  const currentKeyId = keys[0]!.id;
  const current = ring.get(currentKeyId)!;
  const tag = CIPHER_TAG[cipher];
  const currentPrefix = `${SEALED_PREFIX}${tag}:${currentKeyId}:`;

  const indexHash = (sub: SubKeys, plain: string, purpose: string) =>
    createHmac('sm3', sub.index)
      .update(framed(Buffer.from(purpose, 'utf8'), Buffer.from(plain, 'utf8')))
      .digest('hex');

  return {
    cipher,
    currentKeyId,
    keyIds: keys.map((k) => k.id),
    currentPrefix,
    seal(plain, purpose) {
      const header = Buffer.from(currentPrefix, 'utf8');
      const column = Buffer.from(purpose, 'utf8');
      if (cipher === 'sm4') {
        const iv = randomBytes(16);
        const c = createCipheriv('sm4-cbc', current.sm4, iv);
        const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
        const mac = createHmac('sm3', current.mac)
          .update(framed(header, column, iv, body))
          .digest();
        return currentPrefix + Buffer.concat([iv, body, mac]).toString('base64');
      }
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', current.aes, iv);
      c.setAAD(framed(header, column));
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return currentPrefix + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
    },
    open(stored, purpose) {
      if (!isSealedValue(stored)) return stored;
      const m = SEALED.exec(stored);
      if (!m) throw new FieldCryptoError('加密数据格式有误');
      const [, t, keyId, b64] = m as unknown as [string, string, string, string];
      const sub = ring.get(keyId);
      if (!sub) throw new FieldCryptoError(`缺少字段加密密钥 ${keyId}，无法解密`);
      const raw = Buffer.from(b64, 'base64');
      const header = Buffer.from(`${SEALED_PREFIX}${t}:${keyId}:`, 'utf8');
      const column = Buffer.from(purpose, 'utf8');
      try {
        if (t === 's') {
          if (raw.length < 16 + 16 + 32 || (raw.length - 48) % 16 !== 0) throw new Error('length');
          const iv = raw.subarray(0, 16);
          const body = raw.subarray(16, raw.length - 32);
          const mac = raw.subarray(raw.length - 32);
          const expected = createHmac('sm3', sub.mac)
            .update(framed(header, column, iv, body))
            .digest();
          if (!timingSafeEqual(mac, expected)) throw new Error('mac');
          const d = createDecipheriv('sm4-cbc', sub.sm4, iv);
          return Buffer.concat([d.update(body), d.final()]).toString('utf8');
        }
        if (raw.length < 12 + 16) throw new Error('length');
        const d = createDecipheriv('aes-256-gcm', sub.aes, raw.subarray(0, 12));
        d.setAAD(framed(header, column));
        d.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
      } catch {
        throw new FieldCryptoError('无法解密：密钥不符或数据已被篡改');
      }
    },
    hash(plain, purpose) {
      return indexHash(current, plain, purpose);
    },
    hashes(plain, purpose) {
      return [...ring.values()].map((sub) => indexHash(sub, plain, purpose));
    },
    isCurrent(stored) {
      return stored.startsWith(currentPrefix);
    },
    fingerprint(keyId) {
      const sub = ring.get(keyId);
      if (!sub) throw new FieldCryptoError(`未知的字段加密密钥：${keyId}`);
      return sub.check;
    },
  };
}

/**
 * Keys as configured: `id:key` entries separated by commas or new lines (the first is current); a key is 64 hex
 * characters or a passphrase of 16+ characters (hashed, as SECRET_KEY is). Lines starting with # are comments.
 */
export function parseFieldKeys(text: string, source: string): FieldKey[] {
  const entries = text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('#'));
  if (entries.length === 0) throw new FieldCryptoError(`${source} 中没有字段加密密钥`);
  return entries.map((entry) => {
    const at = entry.indexOf(':');
    const id = at > 0 ? entry.slice(0, at).trim() : '';
    if (!KEY_ID.test(id)) {
      throw new FieldCryptoError(`${source} 的每一项须为“编号:密钥”，编号只能包含字母、数字和 -（最多 16 位）`);
    }
    try {
      return { id, material: keyFromText(entry.slice(at + 1)) };
    } catch {
      throw new FieldCryptoError(`${source} 中密钥 ${id} 须为 64 位十六进制或至少 16 个字符`);
    }
  });
}

/** A fresh key entry (`id:64 hex`) for FIELD_KEYS or the key file. */
export function newFieldKeyEntry(id: string): string {
  if (!KEY_ID.test(id)) throw new FieldCryptoError(`字段加密密钥编号只能包含字母、数字和 -（最多 16 位）：${id}`);
  return `${id}:${randomBytes(32).toString('hex')}`;
}

/**
 * The ring of this server: FIELD_KEYS if set, else the key file (generated once, owner-only, with one key `k1`).
 * A cluster sets FIELD_KEYS (or shares the file) so every instance opens what another sealed; the database
 * remembers each key's fingerprint, so an instance with another key under the same id refuses to start.
 */
export function loadFieldKeys(configured: string | null, keyFile: string): FieldKey[] {
  if (configured) return parseFieldKeys(configured, 'FIELD_KEYS');
  try {
    return parseFieldKeys(fs.readFileSync(keyFile, 'utf8'), keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  const text = `# 字段加密密钥（第一行为当前密钥）：编号:64位十六进制\n${newFieldKeyEntry('k1')}\n`;
  try {
    // 'wx': two instances starting at once must not each write their own key.
    fs.writeFileSync(keyFile, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseFieldKeys(fs.readFileSync(keyFile, 'utf8'), keyFile);
}

/** Where the generated key file lives: beside the secret key file (lib/secret-box.ts `secretKeyFile`). */
export function fieldKeyFile(secretKeyFile: string): string {
  return path.join(path.dirname(secretKeyFile), '.field-keys');
}

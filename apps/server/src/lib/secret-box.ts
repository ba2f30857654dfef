import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets stored in the database (the SMTP password, data-source passwords) are sealed with AES-256-GCM:
 * `v1:` + base64(iv 12 bytes | tag 16 bytes | ciphertext). The optional `purpose` is bound as associated
 * data, so a value sealed for one field cannot be moved into another and opened there.
 *
 * The key comes from SECRET_KEY (64 hex characters, or any passphrase of 16+ characters, hashed with
 * SHA-256 into 32 bytes). Without it (embedded mode) one is generated once into a key file next to the
 * data and reused; a cluster must set SECRET_KEY so that every instance opens what another sealed.
 */
export interface SecretBox {
  seal(plain: string, purpose?: string): string;
  /** The plain text; throws SecretBoxError if the value was not sealed by this key for this purpose. */
  open(sealed: string, purpose?: string): string;
}

export class SecretBoxError extends Error {}

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whether a stored value looks sealed (so a form that sends it back unchanged is not sealed twice). */
export function isSealed(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** 32 key bytes from SECRET_KEY: 64 hex characters as is, anything else (16+ characters) hashed. */
export function keyFromText(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (value.length < 16) throw new SecretBoxError('配置项 SECRET_KEY 至少需要 16 个字符（或 64 位十六进制）');
  return createHash('sha256').update(value, 'utf8').digest();
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretBoxError('密钥长度必须为 32 字节');
  return {
    seal(plain, purpose = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed, purpose = '') {
      if (!isSealed(sealed)) throw new SecretBoxError('不是加密存储的值');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('加密值已损坏');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('无法解密：密钥不符或数据已被篡改');
      }
    },
  };
}

/** The key file of embedded mode: generated once (owner-only), read on every later start. */
export function keyFromFile(file: string): Buffer {
  try {
    return keyFromText(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const hex = randomBytes(32).toString('hex');
  try {
    // 'wx': two instances starting at once must not each write their own key.
    fs.writeFileSync(file, `${hex}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return keyFromText(fs.readFileSync(file, 'utf8'));
  }
  return Buffer.from(hex, 'hex');
}

/** The box of this server: SECRET_KEY if set, else the generated key file (see docs/configuration.md). */
export function loadSecretBox(secretKey: string | null, keyFile: string): SecretBox {
  return createSecretBox(secretKey ? keyFromText(secretKey) : keyFromFile(keyFile));
}

/** Where embedded mode keeps its generated key: beside a SQLite database file, else in the upload folder. */
export function secretKeyFile(databaseUrl: string, uploadDir: string): string {
  const match = /^(sqlite|file):(\/\/)?(.*)$/.exec(databaseUrl);
  const file = match?.[3] ?? '';
  const dir = file && !file.startsWith(':') ? path.dirname(path.resolve(file)) : uploadDir;
  return path.join(dir, '.secret-key');
}

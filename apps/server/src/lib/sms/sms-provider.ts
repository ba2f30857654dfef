import { appendFile } from 'node:fs/promises';
import { maskPhone } from '@district/shared';

/** One text message to one mobile number. */
export interface SmsMessage {
  phone: string;
  text: string;
  /** What the message is for (e.g. `login`, `register`, a message template code), for logs and vendors' templates. */
  purpose?: string;
}

/**
 * Where text messages go. A vendor (Aliyun, Tencent Cloud, a district gateway) is one more implementation
 * registered in `createSmsProvider`; callers only ever see this interface (`ctx.sms`).
 */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider has accepted the message; rejects with the provider's reason otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export type SmsLog = (fields: Record<string, unknown>, message: string) => void;

/**
 * The development provider: nothing leaves the machine. The message goes to the server log and, when
 * `SMS_LOG_FILE` is set (the end-to-end tests set it), one JSON line per message to that file, so a test can
 * read a code that is never part of any HTTP answer.
 */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  constructor(
    private readonly log: SmsLog,
    private readonly file: string | null = null,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    // The server log keeps the number masked, as every log does (the file is the tests' own, not a log).
    this.log(
      { phone: maskPhone(message.phone), purpose: message.purpose },
      `短信（开发模式，未实际发送）：${message.text}`,
    );
    if (this.file) {
      const line = JSON.stringify({ ...message, at: new Date().toISOString() });
      await appendFile(this.file, `${line}\n`, 'utf8');
    }
  }
}

/** Keeps every message in memory, for API tests that need to read what was sent. */
export class MemorySmsProvider implements SmsProvider {
  readonly name = 'memory';
  readonly sent: SmsMessage[] = [];
  /** Set to make the next sends fail with this reason (to test retries and error paths). */
  failWith: string | null = null;

  async send(message: SmsMessage): Promise<void> {
    if (this.failWith) throw new Error(this.failWith);
    this.sent.push({ ...message });
  }

  /** The latest message sent to a number, if any. */
  last(phone: string): SmsMessage | undefined {
    for (let i = this.sent.length - 1; i >= 0; i -= 1) {
      if (this.sent[i]!.phone === phone) return this.sent[i];
    }
    return undefined;
  }
}

export const SMS_PROVIDERS = ['log', 'memory'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export function createSmsProvider(name: SmsProviderName, log: SmsLog, file: string | null): SmsProvider {
  switch (name) {
    case 'memory':
      return new MemorySmsProvider();
    case 'log':
      return new LogSmsProvider(log, file);
  }
}

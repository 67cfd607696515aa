declare module 'nodemailer' {
  /** The part of nodemailer's mail options Emporium uses. */
  export interface SendMailOptions {
    from: string;
    to: string;
    subject: string;
    text?: string;
    html?: string;
    messageId?: string;
    headers?: Record<string, string>;
  }
  /** The part of nodemailer's transporter Emporium uses. */
  export interface Transporter {
    sendMail(options: SendMailOptions): Promise<{ messageId: string; accepted: unknown[]; rejected: unknown[] }>;
    close(): void;
  }
  export function createTransport(url: string): Transporter;
  const nodemailer: { createTransport: typeof createTransport };
  export default nodemailer;
}

declare module 'smtp-server' {
  import type { Readable } from 'node:stream';
  import type { AddressInfo } from 'node:net';
  export interface SMTPServerOptions {
    authOptional?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onData?(stream: Readable, session: { envelope: { rcptTo: Array<{ address: string }> } }, callback: (error?: Error | null) => void): void;
  }
  export class SMTPServer {
    constructor(options: SMTPServerOptions);
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
    server: { address(): AddressInfo | string | null };
  }
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Stands in for Google's checkbox script: renders a labelled checkbox and answers with the token the test chose. */
export const FAKE_RECAPTCHA_SCRIPT = `
window.__recaptcha = { renders: [], resets: 0, token: 'good-1' };
window.grecaptcha = {
  ready(cb) { setTimeout(cb, 0); },
  render(el, params) {
    const id = window.__recaptcha.renders.length;
    window.__recaptcha.renders.push({ size: params.size, sitekey: params.sitekey, width: el.clientWidth });
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.id = 'fake-recaptcha-' + id;
    box.setAttribute('aria-label', "I'm not a robot");
    el.appendChild(box);
    return id;
  },
  getResponse(id) { return document.getElementById('fake-recaptcha-' + id).checked ? window.__recaptcha.token : ''; },
  reset(id) { window.__recaptcha.resets += 1; document.getElementById('fake-recaptcha-' + id).checked = false; },
};
`;

/** Stands in for Google's Enterprise v3 script: execute() answers a token naming the action. */
export const FAKE_ENTERPRISE_SCRIPT = `
window.grecaptcha = {
  enterprise: {
    ready(cb) { setTimeout(cb, 0); },
    execute(siteKey, options) { return Promise.resolve('good-enterprise-' + options.action); },
  },
};
`;

/** A local stand-in for Google's siteverify and Enterprise assessment endpoints: tokens starting with 'good' pass. */
export interface FakeRecaptchaVerify {
  readonly url: string;
  /** Checkbox tokens received, in order. */
  readonly verified: string[];
  /** Enterprise assessments received, in order. */
  readonly assessed: Array<{ token: string; action: string; siteKey: string }>;
  close(): Promise<void>;
}

/** Starts the stand-in on a loopback port; checkbox checks also require `secret`. */
export async function startFakeRecaptchaVerify(secret: string): Promise<FakeRecaptchaVerify> {
  const verified: string[] = [];
  const assessed: FakeRecaptchaVerify['assessed'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if ((req.url ?? '').startsWith('/v1/projects/')) {
        const event = (JSON.parse(body) as { event: { token: string; expectedAction: string; siteKey: string } }).event;
        assessed.push({ token: event.token, action: event.expectedAction, siteKey: event.siteKey });
        res.end(JSON.stringify({ tokenProperties: { valid: event.token.startsWith('good'), action: event.expectedAction }, riskAnalysis: { score: 0.9 } }));
        return;
      }
      const params = new URLSearchParams(body);
      verified.push(params.get('response') ?? '');
      res.end(JSON.stringify({ success: params.get('secret') === secret && (params.get('response') ?? '').startsWith('good') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    verified,
    assessed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

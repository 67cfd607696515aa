import { describe, expect, it } from 'vitest';
import { widenPolicy } from './security-headers.js';

describe('widenPolicy', () => {
  it('adds sources to their directives once, adds missing directives and keeps everything else', () => {
    const policy = "default-src 'self'; script-src a.localhost/assets/ 'nonce-abc'; frame-src 'self'; frame-ancestors 'self'";
    expect(
      widenPolicy(policy, {
        'script-src': ['https://js.stripe.com'],
        'frame-src': ["'self'", 'https://hooks.stripe.com'],
        'connect-src': ['https://api.stripe.com'],
      }),
    ).toBe(
      "default-src 'self'; script-src a.localhost/assets/ 'nonce-abc' https://js.stripe.com; frame-src 'self' https://hooks.stripe.com; frame-ancestors 'self'; connect-src https://api.stripe.com",
    );
  });

  it('leaves a policy as it is with nothing to add', () => {
    expect(widenPolicy("default-src 'self'", {})).toBe("default-src 'self'");
  });
});

import { describe, expect, it } from 'vitest';
import { classifyHost, normalizeHost } from './host.js';

describe('classifyHost (base domain localhost)', () => {
  it.each([
    ['localhost', { kind: 'root' }],
    ['localhost:3000', { kind: 'root' }],
    ['LOCALHOST:3000', { kind: 'root' }],
    ['127.0.0.1:3000', { kind: 'root' }],
    ['[::1]:3000', { kind: 'root' }],
    ['demo.localhost', { kind: 'subdomain', identifier: 'demo' }],
    ['Demo.LocalHost:3000', { kind: 'subdomain', identifier: 'demo' }],
    ['demo.localhost.', { kind: 'subdomain', identifier: 'demo' }],
    ['my-shop2.localhost:8080', { kind: 'subdomain', identifier: 'my-shop2' }],
    ['shop.example.com', { kind: 'domain', domain: 'shop.example.com' }],
    ['shop.example.com:443', { kind: 'domain', domain: 'shop.example.com' }],
    ['a.b.localhost', { kind: 'invalid' }],
    ['-bad.localhost', { kind: 'invalid' }],
    ['10.0.0.1', { kind: 'invalid' }],
    ['[2001:db8::1]', { kind: 'invalid' }],
    ['', { kind: 'invalid' }],
    [' ', { kind: 'invalid' }],
    ['demo.localhost:abc', { kind: 'invalid' }],
    ['demo.localhost:1:2', { kind: 'invalid' }],
    ['exa mple.com', { kind: 'invalid' }],
    ['evil.com/path', { kind: 'invalid' }],
    ['user@evil.com', { kind: 'invalid' }],
    ['<script>.localhost', { kind: 'invalid' }],
    ['ünicode.localhost', { kind: 'invalid' }],
    [`${'a'.repeat(300)}.com`, { kind: 'invalid' }],
  ] as const)('%j', (host, expected) => {
    expect(classifyHost(host, 'localhost')).toEqual(expected);
  });

  it('treats a missing Host header as invalid', () => {
    expect(classifyHost(undefined, 'localhost')).toEqual({ kind: 'invalid' });
  });

  it('compares with the base domain case-insensitively and without its trailing dot', () => {
    expect(classifyHost('DEMO.LOCALHOST.:3000', 'LocalHost.')).toEqual({ kind: 'subdomain', identifier: 'demo' });
    expect(classifyHost('localhost.', 'LOCALHOST')).toEqual({ kind: 'root' });
    expect(classifyHost('Demo.Shops.Test.', 'shops.test.')).toEqual({ kind: 'subdomain', identifier: 'demo' });
  });

  it('supports another base domain', () => {
    expect(classifyHost('demo.shops.test', 'shops.test')).toEqual({ kind: 'subdomain', identifier: 'demo' });
    expect(classifyHost('shops.test', 'shops.test')).toEqual({ kind: 'root' });
    expect(classifyHost('demo.localhost', 'shops.test')).toEqual({ kind: 'domain', domain: 'demo.localhost' });
  });
});

describe('normalizeHost', () => {
  it('lower-cases and strips port and trailing dot', () => {
    expect(normalizeHost('Shop.Example.COM.:8080')).toBe('shop.example.com');
    expect(normalizeHost('[::1]:80')).toBe('[::1]');
    expect(normalizeHost('[::1')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { joinClickBody } from './join-clicks.js';

describe('join button clicks (spec 2: access-denied pages send join clicks)', () => {
  const link = { textContent: ' Join Members ', href: 'http://demo.localhost:3000/commerce/join/abc' };
  const page = { url: 'http://demo.localhost:3000/members', title: 'Members — Fern & Field' };

  it('sends the page, the button and the visitor cookie with the crumb', () => {
    const body = JSON.parse(joinClickBody(link, page, 'crumb=c1; ss_cvr=v1|1')!);
    expect(body).toEqual({ crumb: 'c1', visitorCookie: 'v1|1', url: page.url, title: page.title, buttonText: 'Join Members', buttonHref: link.href });
  });

  it('sends nothing without the visitor cookie or the crumb', () => {
    expect(joinClickBody(link, page, 'crumb=c1')).toBeNull();
    expect(joinClickBody(link, page, 'ss_cvr=v1')).toBeNull();
  });
});

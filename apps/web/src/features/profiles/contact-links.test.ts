import { describe, expect, it } from 'vitest';
import { contactLinksOf } from './contact-links';

const none = { instagramHandle: null, linkedinUrl: null, contactEmail: null, portfolioLink: null };

describe('contactLinksOf', () => {
  it('leads each set field to its address', () => {
    expect(
      contactLinksOf({
        instagramHandle: '@alice.bots',
        linkedinUrl: 'https://linkedin.com/in/alice',
        contactEmail: 'alice@campus.edu',
        portfolioLink: 'http://alice.dev',
      }),
    ).toEqual({
      instagram: 'https://ig.me/m/alice.bots',
      linkedin: 'https://linkedin.com/in/alice',
      email: 'mailto:alice@campus.edu',
      portfolio: 'http://alice.dev',
    });
  });

  it('shows nothing for fields not set, or set empty', () => {
    const empty = { instagramHandle: '', linkedinUrl: '', contactEmail: '', portfolioLink: '' };
    const nothing = { instagram: null, linkedin: null, email: null, portfolio: null };
    expect(contactLinksOf(none)).toEqual(nothing);
    expect(contactLinksOf(empty)).toEqual(nothing);
    expect(contactLinksOf({ ...none, instagramHandle: '@' }).instagram).toBeNull();
  });

  it('never makes a link of an address that is not http(s)', () => {
    for (const address of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://files.example',
      '//evil.example',
    ]) {
      const links = contactLinksOf({ ...none, linkedinUrl: address, portfolioLink: address });
      expect(links.linkedin).toBeNull();
      expect(links.portfolio).toBeNull();
    }
  });

  it('keeps a handle inside the Instagram address', () => {
    expect(contactLinksOf({ ...none, instagramHandle: 'a/../b?x=1' }).instagram).toBe(
      'https://ig.me/m/a%2F..%2Fb%3Fx%3D1',
    );
  });
});

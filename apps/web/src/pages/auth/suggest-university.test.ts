import { describe, expect, it } from 'vitest';
import { suggestUniversity } from './suggest-university';

describe('suggestUniversity', () => {
  it.each([
    ['ada@mit.edu', 'MIT'],
    ['Ada@MIT.EDU', 'MIT'],
    ['bo@ucla.edu', 'UCLA'],
    ['cy@stanford.edu', 'Stanford'],
    ['di@cs.stanford.edu', 'Stanford'],
    ['ed@penn-state.edu', 'Penn State'],
    ['fi@ox.ac.uk', 'OX'],
    ['gu@sydney.edu.au', 'Sydney'],
    ['ha@nus.edu.sg', 'NUS'],
    ['io@gmail.com', ''],
    ['no-at-sign', ''],
    ['', ''],
    [null, ''],
  ])('%s -> "%s"', (email, university) => {
    expect(suggestUniversity(email)).toBe(university);
  });
});

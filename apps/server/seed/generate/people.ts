import type { Random } from '../random';
import { formatAccountId, pickTimeBetween } from './ids';
import { pickPersonName, toEmailLocalPart, type PersonName } from './names';
import { createReferralCodeIssuer } from './referral-codes';
import { pickUniversityIndex, UNIVERSITIES, type University } from './universities';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Share of students who signed up with a classmate's code (the issue asks for about 30%). */
const REFERRED_SHARE = 0.3;

/** Who a seeded student is; profiles, projects and messages are built from these. */
export interface Person {
  accountId: string;
  /** Position in the seed run; people are ordered oldest first. */
  serial: number;
  name: PersonName;
  email: string;
  university: University;
  universityIndex: number;
  createdMs: number;
  referralCode: string;
  referredBy: string | null;
  /** How many people signed up with this person's code. */
  referralCount: number;
}

export interface PeopleOptions {
  count: number;
  nowMs: number;
  /** Added to serial numbers, so a second seed into a non-empty database makes new ids. */
  serialOffset: number;
  /** Emails and referral codes already in the database. */
  takenEmails: Set<string>;
  takenCodes: Set<string>;
}

export interface Campus {
  people: Person[];
  /** People of each university (by index into UNIVERSITIES), oldest first. */
  peopleByUniversity: Person[][];
}

/**
 * Everyone at once, oldest first: a referrer must have signed up before whoever used their
 * code, and referral counts are only known once every sign-up is drawn.
 */
export function generatePeople(random: Random, options: PeopleOptions): Campus {
  const { count, nowMs, takenEmails } = options;
  const issueCode = createReferralCodeIssuer(random, options.takenCodes);
  const emailCounters = new Map<string, number>();
  // Sign-ups grow over the year, as a young network's do.
  const times = Array.from({ length: count }, () =>
    pickTimeBetween(random, nowMs - YEAR_MS, nowMs, 0.7),
  ).sort((a, b) => a - b);
  const peopleByUniversity: Person[][] = UNIVERSITIES.map(() => []);
  const people = times.map((createdMs, index): Person => {
    const universityIndex = pickUniversityIndex(random);
    const university = UNIVERSITIES[universityIndex] as University;
    const name = pickPersonName(random);
    const classmates = peopleByUniversity[universityIndex] as Person[];
    const referrer =
      classmates.length > 0 && random.chance(REFERRED_SHARE) ? random.pick(classmates) : null;
    if (referrer) referrer.referralCount++;
    const serial = options.serialOffset + index;
    const person: Person = {
      accountId: formatAccountId(random, serial),
      serial,
      name,
      email: claimEmail(
        `${toEmailLocalPart(name)}@${university.domain}`,
        takenEmails,
        emailCounters,
      ),
      university,
      universityIndex,
      createdMs,
      referralCode: issueCode(name.full),
      referredBy: referrer?.referralCode ?? null,
      referralCount: 0,
    };
    classmates.push(person);
    return person;
  });
  return { people, peopleByUniversity };
}

/** 'ana.silva@nyu.edu', then 'ana.silva2@nyu.edu', ...: one mailbox is one account. */
function claimEmail(base: string, taken: Set<string>, counters: Map<string, number>): string {
  let email = base;
  for (let n = counters.get(base) ?? 1; taken.has(email);) {
    n++;
    counters.set(base, n);
    email = base.replace('@', `${n}@`);
  }
  taken.add(email);
  return email;
}

import { POPULAR_INTERESTS, POPULAR_SKILLS, PROFILE_ROLES } from '@campuscollab/shared';
import type { Random } from '../random';
import type { SeedRow } from '../tables';
import { formatRowId, formatTime, pickTimeBetween } from './ids';
import type { Person } from './people';
import { splitLines } from './words';

const MINUTE_MS = 60_000;

// Most sign-ups are students; the other roles stay visible in filters.
const ROLE_WEIGHTS: Record<(typeof PROFILE_ROLES)[number], number> = {
  Student: 55,
  Developer: 12,
  Designer: 10,
  Marketer: 5,
  Writer: 5,
  Researcher: 6,
  Mentor: 4,
  Other: 3,
};
const WEIGHTED_ROLES = PROFILE_ROLES.flatMap((role) =>
  Array<string>(ROLE_WEIGHTS[role]).fill(role),
);

const BIO_TEMPLATES = splitLines(`
  {role} at {university}. Into {interest} and always up for a side project.
  Studying at {university} in {city}. Looking for teammates who care about {interest}.
  I build things with {skill}. Happy to help with anything {interest}-related.
  {role} who loves {interest} and {interest2}. Say hi if you need a hand with {skill}!
  Second-year at {university}. Currently learning {skill}; ask me about {interest}.
  Based in {city}. {skill} by day, {interest2} by night.
`);

/** The sign-in side: verified a few minutes after sign-up, all sharing one password hash. */
export function buildAccountRow(person: Person, passwordHash: string): SeedRow<'auth_accounts'> {
  const created = formatTime(person.createdMs);
  return {
    id: person.accountId,
    email: person.email,
    password_hash: passwordHash,
    display_name: person.name.full,
    email_verified_at: formatTime(person.createdMs + 3 * MINUTE_MS),
    created_at: created,
    updated_at: created,
  };
}

/** The public profile, completed right after verification. */
export function buildProfileRow(random: Random, person: Person, nowMs: number): SeedRow<'users'> {
  const role = random.pick(WEIGHTED_ROLES);
  const skills = random.sample(POPULAR_SKILLS, random.int(1, 5));
  const interests = random.sample(POPULAR_INTERESTS, random.int(1, 4));
  const handle = `${person.name.first}${person.name.last}`
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 26);
  const createdMs = person.createdMs + 5 * MINUTE_MS;
  const bio = random.chance(0.8)
    ? random
        .pick(BIO_TEMPLATES)
        .replace('{role}', role)
        .replace('{university}', person.university.name)
        .replace('{city}', person.university.city)
        .replace('{skill}', skills[0] ?? 'coding')
        .replace('{interest}', interests[0] ?? 'technology')
        .replace('{interest2}', interests[1] ?? 'music')
    : null;
  return {
    id: formatRowId('user', createdMs, person.serial),
    user_id: person.accountId,
    name: person.name.full,
    email: person.email,
    university: person.university.name,
    city: person.university.city,
    role,
    skills: JSON.stringify(skills),
    interests: JSON.stringify(interests),
    referral_code: person.referralCode,
    referred_by: person.referredBy,
    referral_count: person.referralCount,
    bio,
    profile_picture: null,
    instagram_handle: random.chance(0.35) ? `${handle}.${random.int(1, 99)}` : null,
    linkedin_url: random.chance(0.3) ? `https://www.linkedin.com/in/${handle}` : null,
    contact_email: random.chance(0.15) ? person.email : null,
    portfolio_link: random.chance(0.2) ? `https://${handle}.github.io` : null,
    email_notifications: random.chance(0.9) ? '1' : '0',
    project_notifications: random.chance(0.85) ? '1' : '0',
    collaboration_notifications: random.chance(0.85) ? '1' : '0',
    created_at: formatTime(createdMs),
    // Some students edit their profile later; never after the seed's `now`.
    updated_at: formatTime(pickTimeBetween(random, createdMs, nowMs, 4)),
    hidden_at: null,
  };
}

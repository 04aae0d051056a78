import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from '@campuscollab/shared';
import type { Random } from '../random';
import type { SeedRow } from '../tables';
import { formatRowId, formatTime, pickTimeBetween } from './ids';
import type { Campus, Person } from './people';
import { splitLines } from './words';

// Students mostly write to classmates; the rest reach across campuses.
const SAME_UNIVERSITY_SHARE = 0.6;
/** Share of messages still unread (the issue asks for about 30%). */
const UNREAD_SHARE = 0.3;

const SUBJECTS = splitLines(`
  Your project on Explore
  Quick question about your profile
  Collaboration idea
  Hi from {university}!
  Study group this week?
  Re: {skill} help
  Loved your portfolio
  Hackathon team in {city}?
  Coffee chat?
  Following up on my application
`);
const BODIES = splitLines(`
  Hi {recipient}, I saw you know {skill} and I am putting together a small team. Would you be up for a quick call this week?
  Hey {recipient}! I am also at {university} and working on something similar. Want to compare notes?
  Hi {recipient}, thanks for the help last time. I pushed the changes we talked about; let me know what you think when you get a chance.
  Hello {recipient}, I am {sender}, a student in {city}. Your profile mentions {skill}; could you give me some feedback on my project idea?
  {recipient}, are you still looking for collaborators? I have a free afternoon each week and would love to contribute.
  Hi {recipient}, quick one: do you know anyone at {university} who does video editing? We need someone for a two-week sprint.
  Thanks for reaching out, {recipient}! Happy to chat. I am free most evenings after six. - {sender}
`);

/** Picks sender and recipient: two different accounts, often of one university. */
function pickCorrespondents(random: Random, campus: Campus): [Person, Person] {
  const sender = random.pick(campus.people);
  const classmates = campus.peopleByUniversity[sender.universityIndex] ?? [];
  const pool =
    classmates.length > 1 && random.chance(SAME_UNIVERSITY_SHARE) ? classmates : campus.people;
  // A campus of one has no one to write to; callers need at least two people.
  for (;;) {
    const recipient = random.pick(pool);
    if (recipient !== sender) return [sender, recipient];
  }
}

/** One message between two real accounts, sent after both signed up. */
export function buildMessageRow(
  random: Random,
  campus: Campus,
  serial: number,
  nowMs: number,
): SeedRow<'messages'> {
  const [sender, recipient] = pickCorrespondents(random, campus);
  const fill = (template: string) =>
    template
      .replace('{recipient}', recipient.name.first)
      .replace('{sender}', sender.name.full)
      .replace('{university}', sender.university.name)
      .replace('{city}', sender.university.city)
      .replace('{skill}', random.pick(['React', 'Python', 'design', 'marketing', 'writing']));
  const createdMs = pickTimeBetween(
    random,
    Math.max(sender.createdMs, recipient.createdMs),
    nowMs,
    0.8,
  );
  return {
    id: formatRowId('msg', createdMs, serial),
    sender_id: sender.accountId,
    recipient_id: recipient.accountId,
    // Clipped to the limits of docs/product.md §9 whatever a template and a long name add up to.
    subject: fill(random.pick(SUBJECTS)).slice(0, MESSAGE_SUBJECT_MAX),
    message: fill(random.pick(BODIES)).slice(0, MESSAGE_BODY_MAX),
    read_status: random.chance(UNREAD_SHARE) ? 0 : 1,
    created_at: formatTime(createdMs),
  };
}

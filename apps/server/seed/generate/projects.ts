import { APPLICATION_MESSAGE, SUGGESTED_PROJECT_SKILLS } from '@campuscollab/shared';
import type { Random } from '../random';
import type { SeedRow } from '../tables';
import { formatRowId, formatTime, pickTimeBetween } from './ids';
import type { Campus, Person } from './people';
import { splitLines, splitWords } from './words';

const HOUR_MS = 3_600_000;
const TIMELINES = splitLines(`
  2 weeks
  1 month
  6 weeks
  2-3 months
  This semester
  Summer break
  Flexible
`);
const TOPICS = splitWords(`
  study-group textbook-exchange ride-sharing food-waste campus-events mental-health
  sustainability club-finder internship-tracker tutoring budgeting housing language-exchange
  hackathon podcast zine short-film mural robotics accessibility volunteering thrift-market
`).map((topic) => topic.replace(/-/g, ' '));
const TITLE_TEMPLATES = splitLines(`
  {Topic} app for {university} students
  Build a {topic} platform
  {Topic} website redesign
  Launch a {topic} startup
  Research project: {topic} on campus
  {Topic} marketing campaign
  Documentary about {topic}
  {Topic} community in {city}
`);
const DESCRIPTION_TEMPLATES = splitLines(`
  We are building a {topic} project for students in {city} and need help with {skill} and {skill2}. Expect a few hours a week; we meet online and on campus.
  Looking for teammates at {university} to turn a {topic} idea into something real. You bring {skill}, we bring the plan, the prototype and the coffee.
  Our small team ({role}s welcome) is starting a {topic} initiative. The first milestone is a demo by the end of the timeline; {skill} experience is a plus, enthusiasm is a must.
  I have a rough prototype for a {topic} tool and want two or three collaborators who know {skill} or {skill2}. Great portfolio piece, and we split the credit fairly.
`);
// Most postings are still looking for people; some have filled up.
const OPEN_SHARE = 0.85;
const APPLICATION_STATUSES = ['Pending', 'Pending', 'Pending', 'Accepted', 'Declined'] as const;

/** One posting; its university and city are the poster's, as the server copies them. */
export function buildProjectRow(
  random: Random,
  campus: Campus,
  serial: number,
  nowMs: number,
): { project: SeedRow<'projects'>; poster: Person } {
  const poster = random.pick(campus.people);
  const topic = random.pick(TOPICS);
  const skills = random.sample(SUGGESTED_PROJECT_SKILLS, random.int(1, 4));
  const fill = (template: string) =>
    template
      .replace('{Topic}', topic.charAt(0).toUpperCase() + topic.slice(1))
      .replace('{topic}', topic)
      .replace('{university}', poster.university.name)
      .replace('{city}', poster.university.city)
      .replace('{skill}', skills[0] ?? 'Coding')
      .replace('{skill2}', skills[1] ?? 'Design')
      .replace('{role}', random.pick(['designer', 'developer', 'writer', 'marketer']));
  const createdMs = pickTimeBetween(
    random,
    Math.min(poster.createdMs + HOUR_MS, nowMs),
    nowMs,
    0.8,
  );
  const created = formatTime(createdMs);
  const project: SeedRow<'projects'> = {
    id: formatRowId('project', createdMs, serial),
    title: fill(random.pick(TITLE_TEMPLATES)),
    description: fill(random.pick(DESCRIPTION_TEMPLATES)),
    timeline: random.chance(0.9) ? random.pick(TIMELINES) : null,
    skills_needed: JSON.stringify(skills),
    posted_by_id: poster.accountId,
    posted_by: poster.name.full,
    university: poster.university.name,
    city: poster.university.city,
    status: random.chance(OPEN_SHARE) ? 'Open' : 'Closed',
    created_at: created,
    updated_at: created,
    hidden_at: null,
  };
  return { project, poster };
}

/**
 * Zero to four applications, half of them from the poster's classmates; never from the poster
 * and never twice from one student (the table's unique key).
 */
export function buildApplicationRows(
  random: Random,
  campus: Campus,
  target: { project: SeedRow<'projects'>; poster: Person },
  firstSerial: number,
  nowMs: number,
): SeedRow<'applications'>[] {
  const { project, poster } = target;
  const classmates = campus.peopleByUniversity[poster.universityIndex] ?? [];
  const applied = new Set([poster.accountId]);
  const rows: SeedRow<'applications'>[] = [];
  const wanted = random.int(0, 4);
  // A few extra draws absorb collisions; on a tiny campus fewer applications is fine.
  for (let draw = 0; draw < wanted * 3 && rows.length < wanted; draw++) {
    const pool = classmates.length > 1 && random.chance(0.5) ? classmates : campus.people;
    const applicant = random.pick(pool);
    if (applied.has(applicant.accountId)) continue;
    applied.add(applicant.accountId);
    const projectMs = Date.parse(project.created_at);
    const createdMs = pickTimeBetween(random, Math.max(projectMs, applicant.createdMs), nowMs, 1.5);
    const status = random.pick(APPLICATION_STATUSES);
    const decidedMs =
      status === 'Pending' ? createdMs : pickTimeBetween(random, createdMs, nowMs, 2);
    rows.push({
      id: formatRowId('application', createdMs, firstSerial + rows.length),
      project_id: project.id,
      applicant_id: applicant.accountId,
      message: APPLICATION_MESSAGE,
      status,
      created_at: formatTime(createdMs),
      updated_at: formatTime(decidedMs),
    });
  }
  return rows;
}

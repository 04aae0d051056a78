/* eslint-disable @typescript-eslint/no-explicit-any -- the provider's request body is as sent */

/** What "Suggest skills" gets back in the journeys. */
export const SUGGESTED_SKILLS = ['Solar Engineering', 'Circuit Design', 'Web Development'];

/** What "Improve description" streams in, word by word: long enough to watch it grow. */
export const IMPROVED_DESCRIPTION =
  'Solar Bench is a bench on the main quad that charges phones with energy from its own solar ' +
  'panels. The frame is built already. We are looking for students who can help design the ' +
  'charging circuit and build a small website that shows how much energy it collected today.';

/**
 * The fake AI provider's answers: an object request (Suggest skills asks for a JSON object, sent
 * as `response_format`) gets the skills, any other request the improved description.
 */
export function answerFakeAi(body: any): string {
  if (body?.response_format) return JSON.stringify({ skills: SUGGESTED_SKILLS });
  return IMPROVED_DESCRIPTION;
}

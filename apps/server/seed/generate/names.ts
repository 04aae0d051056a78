import type { Random } from '../random';
import { splitWords } from './words';

// Names from many backgrounds, a few with accents, so search, sorting and referral codes
// meet the letters real students type.
const FIRST_NAMES = splitWords(`
  Alex Jordan Taylor Morgan Casey Riley Avery Jamie Quinn Cameron Olivia Emma Ava Sophia
  Isabella Mia Amelia Harper Evelyn Abigail Liam Noah Oliver Elijah James William Benjamin
  Lucas Henry Theo Priya Arjun Ananya Rohan Aisha Omar Fatima Yusuf Leila Karim Wei Mei Jun
  Hana Yuki Haruto Min-jun Seo-yeon Linh Minh Sofía Mateo Valentina Santiago Camila Diego
  Lucía Javier Elena Pablo Chloé Zoë Léa Björn Søren Ingrid Matteo Giulia Nikolai Anya Kwame
  Amara Chidi Zanele Tendai Nia Malik Imani Tariq Sade
`);

const LAST_NAMES = splitWords(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Martinez Lopez Wilson Anderson
  Thomas Moore Jackson Martin Lee Thompson White Harris Clark Lewis Walker Young Allen King
  Wright Scott Chen Wang Li Zhang Liu Nguyen Tran Kim Park Choi Tanaka Sato Suzuki Patel
  Sharma Singh Gupta Iyer Khan Ahmed Hassan Haddad Rossi Bianchi Müller Schmidt Dubois
  Lefèvre Novak Kowalski Ivanova Petrov Johansson Nielsen Okafor Mensah Adeyemi Mokoena
  Silva Santos Pereira Fernández González O'Brien MacLeod Murphy
`);

export interface PersonName {
  first: string;
  last: string;
  /** The full name as shown on the profile. */
  full: string;
}

export function pickPersonName(random: Random): PersonName {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  return { first, last, full: `${first} ${last}` };
}

/** 'Zoë O'Brien' -> 'zoe.obrien': accents folded and anything else dropped, for an email. */
export function toEmailLocalPart(name: PersonName): string {
  const fold = (part: string) =>
    part
      .normalize('NFD')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${fold(name.first) || 'student'}.${fold(name.last) || 'campus'}`;
}

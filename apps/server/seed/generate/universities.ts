import type { Random } from '../random';
import { splitLines } from './words';

export interface University {
  name: string;
  city: string;
  /** The school email domain; every suffix is one sign-up accepts (docs/product.md §5.1). */
  domain: string;
}

// Several campuses share a city, so Explore's "nearby" filter (same city) finds more than the
// poster's own university.
const UNIVERSITY_LINES = splitLines(`
  Massachusetts Institute of Technology | Boston | mit.edu
  Harvard University | Boston | harvard.edu
  Boston University | Boston | bu.edu
  Northeastern University | Boston | northeastern.edu
  Stanford University | San Francisco | stanford.edu
  University of California, Berkeley | San Francisco | berkeley.edu
  San Francisco State University | San Francisco | sfsu.edu
  Columbia University | New York | columbia.edu
  New York University | New York | nyu.edu
  The City College of New York | New York | ccny.cuny.edu
  University of California, Los Angeles | Los Angeles | ucla.edu
  University of Southern California | Los Angeles | usc.edu
  University of Chicago | Chicago | uchicago.edu
  Northwestern University | Chicago | northwestern.edu
  University of Texas at Austin | Austin | utexas.edu
  University of Washington | Seattle | uw.edu
  Georgia Institute of Technology | Atlanta | gatech.edu
  Emory University | Atlanta | emory.edu
  University of Michigan | Ann Arbor | umich.edu
  University of Pennsylvania | Philadelphia | upenn.edu
  Drexel University | Philadelphia | drexel.edu
  Carnegie Mellon University | Pittsburgh | cmu.edu
  University of Toronto | Toronto | utoronto.edu.ca
  Toronto Metropolitan University | Toronto | torontomu.edu.ca
  University of British Columbia | Vancouver | ubc.edu.ca
  McGill University | Montreal | mcgill.edu.ca
  University of Oxford | Oxford | ox.ac.uk
  University of Cambridge | Cambridge | cam.ac.uk
  Imperial College London | London | imperial.ac.uk
  University College London | London | ucl.ac.uk
  King's College London | London | kcl.ac.uk
  University of Edinburgh | Edinburgh | ed.ac.uk
  University of Melbourne | Melbourne | unimelb.edu.au
  Monash University | Melbourne | monash.edu.au
  University of Sydney | Sydney | sydney.edu.au
  UNSW Sydney | Sydney | unsw.edu.au
  National University of Singapore | Singapore | nus.edu.sg
  Nanyang Technological University | Singapore | ntu.edu.sg
  University of Hong Kong | Hong Kong | hku.edu.hk
  Indian Institute of Technology Bombay | Mumbai | iitb.ac.in
  Indian Institute of Science | Bengaluru | iisc.ac.in
  University of Colorado Boulder | Boulder | colorado.edu
`);

export const UNIVERSITIES: readonly University[] = UNIVERSITY_LINES.map((line) => {
  const [name = '', city = '', domain = ''] = line.split('|').map((part) => part.trim());
  return { name, city, domain };
});

// A network that started at one campus and spread from there: campus sizes fall off with rank
// (weight 1/rank), so the first campus holds about a fifth of the students and the last about
// a two-hundredth. Even a small seed then has a campus big enough to fill every list's page.
const CUMULATIVE_WEIGHTS = UNIVERSITIES.reduce<number[]>((sums, _, index) => {
  sums.push((sums.at(-1) ?? 0) + 1 / (index + 1));
  return sums;
}, []);

/** The index into UNIVERSITIES of a new student's campus, drawn by the weights above. */
export function pickUniversityIndex(random: Random): number {
  const target = random.next() * (CUMULATIVE_WEIGHTS.at(-1) ?? 0);
  const index = CUMULATIVE_WEIGHTS.findIndex((sum) => target < sum);
  return index < 0 ? UNIVERSITIES.length - 1 : index;
}

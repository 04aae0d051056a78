// Lists, filters and writes rows as a signed-in student, with the real postgrest-js client.
// Run against a server started with `npm start`, for an account that has verified its email:
//   EMAIL=ada@mit.edu PASSWORD='correct horse battery' node apps/server/examples/table-api.mjs
import { PostgrestClient } from '@supabase/postgrest-js';

const base = process.env.CAMPUSCOLLAB_URL ?? 'http://localhost:3000';

const signIn = await fetch(`${base}/api/auth/signin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: process.env.EMAIL, password: process.env.PASSWORD }),
});
const session = await signIn.json();
if (!signIn.ok) throw new Error(`sign-in failed: ${session.message}`);

const db = new PostgrestClient(`${base}/api/db/campus/rest/v1`, {
  headers: { Authorization: `Bearer ${session.access_token}` },
});

// One profile per account: create it the first time.
const { data: profile } = await db
  .from('users')
  .select('id, name, referral_code')
  .eq('user_id', session.user.id)
  .maybeSingle();
if (!profile) {
  const created = await db
    .from('users')
    .insert({ name: 'Ada Lovelace', university: 'MIT', role: 'Developer' })
    .select('name, referral_code')
    .single();
  if (created.error) throw new Error(created.error.message);
  console.log('profile created, referral code', created.data.referral_code);
}

// Post a project, then find it among the open ones.
const posted = await db
  .from('projects')
  .insert({
    title: 'Robotics club website',
    description: 'A site for our club',
    skills_needed: ['React'],
  })
  .select('id, title')
  .single();
if (posted.error) throw new Error(posted.error.message);

const {
  data: projects,
  count,
  error,
} = await db
  .from('projects')
  .select('title, posted_by, created_at', { count: 'exact' })
  .eq('status', 'Open')
  .ilike('title', '*robot*')
  .order('created_at', { ascending: false })
  .limit(10);
if (error) throw new Error(error.message);
console.log(`${count} open project(s) about robots:`);
for (const project of projects) console.log(`- ${project.title} by ${project.posted_by}`);

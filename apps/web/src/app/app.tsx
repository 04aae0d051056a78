/** Placeholder until the web app issue builds the screens of the spec. */
export function App() {
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 640,
        margin: '64px auto',
        padding: 16,
      }}
    >
      <h1>Build Something Together</h1>
      <p>
        CampusCollab is the student-only space to team up on projects, meet creative minds and grow
        skills.
      </p>
      <a href="/auth">Log In</a>
    </main>
  );
}

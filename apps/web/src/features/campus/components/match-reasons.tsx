/** Why a card is recommended: "Matches: React, CAD". */
export function MatchReasons({ matches }: { matches: readonly string[] | undefined }) {
  if (!matches || matches.length === 0) return null;
  return <p className="text-sm font-medium text-brand-700">Matches: {matches.join(', ')}</p>;
}

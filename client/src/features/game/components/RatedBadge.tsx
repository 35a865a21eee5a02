/**
 * "Rated" or "Casual", as the server's view says (`rated`): the player knows before the first move
 * and at any time whether the game counts for their rating.
 */
export function RatedBadge({ rated }: { rated: boolean }) {
  return (
    <p
      className={`rated-badge ${rated ? 'rated' : 'casual'}`}
      data-testid="rated-badge"
      title={
        rated ? 'This game counts for your rating' : 'This game does not count for your rating (a takeback, a hint, or a set-up start)'
      }
    >
      {rated ? 'Rated' : 'Casual'}
    </p>
  );
}

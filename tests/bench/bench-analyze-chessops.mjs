// The same questions as "arbiter-cli analyze", as far as chessops answers
// them: every game of a PGN file replayed, and at every ply the repetition
// count, the 50/75-move clock, checkmate, stalemate and chessops' dead
// position test (insufficient material only: it has no helpmate search).
// Prints one summary line. Run from a directory where chessops is
// installed (npm install chessops); used by bench-analyze.sh.
import { createReadStream } from 'node:fs';
import { PgnParser, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeFen } from 'chessops/fen';

let games = 0, plies = 0, errors = 0, ended = 0, events = 0;

function analyze (game) {
  games++;
  const start = startingPosition(game.headers);
  if (start.isErr) { errors++; return; }
  const pos = start.value;
  const seen = new Map();
  let done = false;
  const judge = () => {
    // The position without the clocks: placement, side, castling, e.p.
    const key = makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');
    const n = (seen.get(key) || 0) + 1;
    seen.set(key, n);
    if (n === 3 || n === 5) events++;
    if (pos.halfmoves === 100 || pos.halfmoves === 150) events++;
    if (!done && (pos.isEnd() || pos.isInsufficientMaterial() || n >= 5 || pos.halfmoves >= 150)) {
      done = true;
      ended++;
    }
  };
  judge();
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) { errors++; return; }
    pos.play(move);
    plies++;
    judge();
  }
}

const parser = new PgnParser(analyze);
const stream = createReadStream(process.argv[2], { encoding: 'utf8' });
stream.on('data', (chunk) => parser.parse(chunk, { stream: true }));
stream.on('end', () => {
  parser.parse('');
  console.log(`chessops: ${games} games, ${plies} plies, ${ended} ended automatically, ${events} events, ${errors} with errors`);
});

#!/bin/sh
# `npm run lint:fix`: the automatic fixes over the whole tree, then what is left to fix by hand.
# ESLint first (its fixes can change line lengths), Prettier last, so the tree ends formatted.
set -u
npx eslint --fix . || true
npx prettier --write --log-level warn .
echo
echo 'Left after the automatic fixes (fix by hand, then npm run lint):'
npx eslint . && npx knip

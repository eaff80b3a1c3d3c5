import { useState } from 'react';

/** The trivial page of the React floor: one heading and one stateful button, server-rendered then hydrated. */
export function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>React floor</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Clicked {count} times
      </button>
    </main>
  );
}

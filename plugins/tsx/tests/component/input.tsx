import React, { useState } from 'react';
import { Total } from './Total';

interface Props {
  initial: number;
}

/** Counts clicks and shows the running total. */
export function Counter({ initial }: Props) {
  const [count, setCount] = useState<number>(initial);
  return (
    <div className="counter">
      <Total value={count} />
      <button onClick={() => setCount(count + 1)}>Add one to the total</button>
    </div>
  );
}

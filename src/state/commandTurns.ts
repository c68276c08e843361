// Commands reach the engine in the order a person gave them. The Apply button loads the editor's YAML
// code before it sends `kubectl apply -f -` (issue 24: not in the first bundle); a command typed into
// the console meanwhile was sent first, and ran on a cluster without the DaemonSet (`sim advance 20s`
// before the apply). Each command takes a turn when it is given and sends when the turn before it has
// sent — not when it has answered: a watching command (`rollout status`) holds no one up.

export interface Turn {
  /** resolves when every earlier turn has sent its command (or given its turn up) */
  readonly ready: Promise<void>;
  /** this turn's command is sent, or will not be: the next turn may send */
  done(): void;
}

let last: Promise<void> = Promise.resolve();

/** The next turn, in the order asked for. */
export function takeTurn(): Turn {
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const ready = last;
  last = mine;
  return { ready, done };
}

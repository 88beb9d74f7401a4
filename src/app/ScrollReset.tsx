import { useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** Every forward navigation starts at the top-left; going back (POP) keeps the browser's place. */
export function ScrollReset() {
  const { key } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [key, type]);
  return null;
}

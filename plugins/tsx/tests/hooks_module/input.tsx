'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { fetchSession, type Session } from './api';

type AuthState = { session: Session | null; loading: boolean };

const AuthContext = createContext<AuthState | undefined>(undefined);

/** Provides the signed-in session to the components below it. */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<AuthState>({ session: null, loading: true });

  useEffect(() => {
    fetchSession().then((session) => setState({ session, loading: false }));
  }, []);

  const signOut = useCallback(async () => {
    await fetch('/api/logout', { method: 'POST' });
    setState({ session: null, loading: false });
  }, []);

  const value = useMemo(() => ({ ...state, signOut }), [state, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The current session; throws outside an AuthProvider. */
export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside an AuthProvider');
  return context;
}

package org.acme.access;

public class Account {
    public String owner;
    protected long balance;
    private String pin;
    int version;

    public Account() {}
    protected Account(String owner) { this.owner = owner; }
    private Account(String owner, long balance) { this(owner); this.balance = balance; }
    Account(long balance) { this.balance = balance; }

    public synchronized void deposit(long amount) { balance += amount; }
    protected static void audit() {}
    private native void lock();
    final void freeze() {}

    private static class Ledger {}
    protected interface Policy {
        int LIMIT = 5;
        boolean allows(Account a);
        private void check() {}
        class Default {}
    }
    enum Level {
        LOW, HIGH;
        Level() {}
        public String label() { return name(); }
    }
    public sealed interface Kind permits Basic {}
    non-sealed class Basic implements Kind {}
}

class Helper {
    /* comment */ public static void help() {}
}

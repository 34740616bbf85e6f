namespace Acme.Access
{
    public class Account
    {
        public string Owner = "";
        protected long balance;
        private string pin = "";
        internal int version;
        int revision;
        protected internal string Region = "eu";
        private protected string Branch = "main";

        public Account() { }
        Account(string owner) { Owner = owner; }

        public void Deposit(long amount) { balance += amount; }
        protected virtual void Audit() { }
        internal static void Reset() { }
        void Lock() { }

        class Ledger { }
        public interface IPolicy
        {
            bool Allows(Account account);
            private static int limit = 5;
        }
        protected enum Level { Low, High }
        public struct Snapshot { public long Balance; long hidden; }
    }

    class Helper { }
    public static class Tools { }
    internal sealed class Internals { }
    file class FileLocal { }
    interface IMarker { }
}

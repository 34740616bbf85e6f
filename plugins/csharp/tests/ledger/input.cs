using System;
using System.Collections.Generic;
using static System.Math;
using Json = System.Text.Json.JsonSerializer;

namespace Example.Ledger
{
    /// <summary>Keeps entries in order.</summary>
    public class Ledger : LedgerBase, IStore<Entry>
    {
        public const string DefaultCurrency = "EUR";
        private readonly List<Entry> entries = new List<Entry>();
        public event EventHandler Added;

        public Ledger(string file) { File = file; }

        /// <summary>The file the ledger is saved to.</summary>
        public string File { get; }

        /// <summary>Records one entry after cleaning its note.</summary>
        public int Add(long amount, string note)
        {
            entries.Add(new Entry(amount, Notes.Normalize(note)));
            Console.WriteLine("added an entry to the ledger");
            return entries.Count;
        }

        int Count() => entries.Count;
    }

    public interface IStore<T>
    {
        void Save(T entry);
    }

    public record Entry(long Amount, string Note);

    enum Kind { Credit, Debit }

    public delegate void Notify(Entry entry);

    struct Point { public int X; }
}

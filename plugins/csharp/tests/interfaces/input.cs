using System;
using System.Collections.Generic;

namespace Acme.Storage
{
    /// <summary>Stores entities by key.</summary>
    public interface IRepository<TKey, TValue> : IDisposable where TKey : notnull
    {
        int Count { get; }

        TValue? Find(TKey key);

        void Save(TKey key, TValue value);

        bool Contains(TKey key) => Find(key) is not null;

        event EventHandler<TValue> Saved;

        static abstract string Kind { get; }

        protected internal void Compact();
    }

    public interface IReadOnlyStore<out T>
    {
        IEnumerable<T> All();
    }

    internal sealed class MemoryRepository : IRepository<string, Order>, IReadOnlyStore<Order>
    {
        private readonly Dictionary<string, Order> items = new();

        public int Count => items.Count;
        public static string Kind => "memory";
        public event EventHandler<Order>? Saved;

        public Order? Find(string key) => items.GetValueOrDefault(key);

        public void Save(string key, Order value)
        {
            items[key] = value;
            Saved?.Invoke(this, value);
        }

        void IRepository<string, Order>.Compact() { }

        IEnumerable<Order> IReadOnlyStore<Order>.All() => items.Values;

        void IDisposable.Dispose() => items.Clear();
    }
}

using System;
using System.Collections.Generic;

namespace Acme.Caching
{
    public class CacheOptions
    {
        /// <summary>How long an entry lives when nobody asks for it.</summary>
        public static readonly TimeSpan DefaultTtl = TimeSpan.FromMinutes(5);
        public const int MaxEntries = 10_000;
        private const string Prefix = "cache:", Separator = ":";
        private static int instances;
        internal volatile bool closed;
        protected long hits, misses;
        private readonly Dictionary<string, int> counters = new();

        public string Name { get; set; } = "default";
        public TimeSpan Ttl { get; private set; }
        public required int Capacity { get; init; }
        public bool IsEmpty => counters.Count == 0;
        public double HitRatio
        {
            get { return hits + misses == 0 ? 0 : (double)hits / (hits + misses); }
        }

        private string? description;
        public string Description
        {
            get => description ?? Name;
            set => description = value?.Trim();
        }

        public int this[string key] => counters.TryGetValue(key, out var n) ? n : 0;

        public string this[int index, bool full]
        {
            get { return full ? Prefix + index : index.ToString(); }
        }
    }
}

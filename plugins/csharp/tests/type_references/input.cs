using System;
using System.Collections.Generic;
using System.IO;

namespace Acme.IO
{
    public class Loader<T> : LoaderBase<T>, IDisposable where T : class, IResource, new()
    {
        private readonly Dictionary<string, List<IResource>> byName = new();
        private Codec[] codecs = Array.Empty<Codec>();
        private Options? options;
        private (string Name, Stream Data) last;

        public event EventHandler<LoadedArgs>? Loaded;

        public IResource Load(string name, Options opts, out Stream? raw)
        {
            raw = null;
            try
            {
                using Stream input = Open(name);
                object decoded = Codec.Decode(input);
                if (decoded is IResource resource) return resource;
                if (decoded is Archive { Count: > 0 } archive) return archive.First();
                var fallback = decoded as DefaultResource;
                return (IResource)decoded;
            }
            catch (IOException e)
            {
                throw new LoaderException(name, e);
            }
        }

        public IEnumerable<IResource> All(Type kind)
        {
            foreach (KeyValuePair<string, List<IResource>> pair in byName)
            {
                yield return pair.Value[0];
            }
            var size = sizeof(int) + typeof(Codec).Name.Length;
            var none = default(Options);
        }

        protected virtual Stream Open(string name) => File.OpenRead(name);

        public void Dispose() => System.GC.SuppressFinalize(this);
    }
}

using System;

namespace Acme.Events
{
    /// <summary>Called when a file changed on disk.</summary>
    public delegate void FileChangedHandler(object sender, FileChangedArgs args);

    public delegate TResult Transformer<in T, out TResult>(T input);

    public class FileChangedArgs : EventArgs
    {
        public FileChangedArgs(string path) { Path = path; }
        public string Path { get; }
    }

    public class Watcher
    {
        private EventHandler? stopped;

        public event FileChangedHandler? Changed;

        public event EventHandler Stopped
        {
            add { stopped += value; }
            remove { stopped -= value; }
        }

        public event Action<string> Renamed, Deleted;

        protected virtual void OnChanged(string path)
        {
            Changed?.Invoke(this, new FileChangedArgs(path));
        }

        public void Stop()
        {
            stopped?.Invoke(this, EventArgs.Empty);
            Renamed("old");
            Deleted("gone");
        }
    }
}

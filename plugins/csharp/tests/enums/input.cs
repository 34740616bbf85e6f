using System;

namespace Acme.Net
{
    /// <summary>HTTP status classes.</summary>
    public enum StatusClass
    {
        /// <summary>The request succeeded.</summary>
        Success = 2,
        Redirect = 3,
        ClientError = 4,
        ServerError = 5,
    }

    [Flags]
    public enum Permissions : byte
    {
        None = 0,
        Read = 1 << 0,
        Write = 1 << 1,
        [Obsolete("use Write")]
        Modify = Write,
        All = Read | Write,
    }

    enum Direction { North, East, South, West }

    public static class StatusClassExtensions
    {
        public static bool IsError(this StatusClass status) =>
            status is StatusClass.ClientError or StatusClass.ServerError;
    }
}

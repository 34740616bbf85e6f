global using System.Linq;
global using static System.Math;
using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using static System.Console;
using Json = System.Text.Json.JsonSerializer;
using StringMap = System.Collections.Generic.Dictionary<string, string>;

namespace Acme.Tools
{
    using Acme.Tools.Internal;

    public static class Exporter
    {
        public static async Task ExportAsync(IEnumerable<int> values)
        {
            var map = new StringMap();
            var doubled = values.Select(v => Abs(v) * 2).ToList();
            WriteLine(Json.Serialize(doubled));
            await Task.CompletedTask;
        }
    }
}

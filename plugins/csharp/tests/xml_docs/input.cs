// Copyright (c) Acme Corp. All rights reserved.

using System;

namespace Acme.Text
{
    /// <summary>
    /// Splits text into words.
    /// </summary>
    /// <remarks>Whitespace and punctuation separate words.</remarks>
    public class Tokenizer
    {
        /// <summary>The characters that end a word.</summary>
        private const string Separators = " \t\n.,;:!?";

        /// <summary>
        /// Splits one line.
        /// </summary>
        /// <param name="line">The text to split.</param>
        /// <returns>The words, in order.</returns>
        public string[] Split(string line)
        {
            // a fast path for empty input
            if (line.Length == 0) return Array.Empty<string>();
            return line.Split(Separators.ToCharArray(), StringSplitOptions.RemoveEmptyEntries);
        }

        /// <summary>Lower-cases every word.</summary>
        [Obsolete("use Split and ToLowerInvariant")]
        public string[] Normalize(string line) => Split(line.ToLowerInvariant());

        /* Not an XML doc comment, but still the comment right above. */
        internal int Count(string line) => Split(line).Length; // trailing comment

        /// <summary>A detached comment, followed by a blank line.</summary>

        public void Reset() { }
    }
}

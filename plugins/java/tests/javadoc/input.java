/*
 * Copyright (c) 2024 Acme Corp.
 * Licensed under the Apache License, Version 2.0.
 */

package org.acme.text;

/**
 * Splits text into words.
 *
 * <p>Whitespace and punctuation separate words; case is kept.
 *
 * @author Ada
 * @since 1.2
 */
public class Tokenizer {
    /** The characters that end a word. */
    private static final String SEPARATORS = " \t\n.,;:!?";

    /**
     * Splits one line.
     *
     * @param line the text to split
     * @return the words, in order
     */
    public String[] split(String line) {
        // a fast path for empty input
        if (line.isEmpty()) return new String[0];
        return line.split("[" + SEPARATORS + "]+");
    }

    /*
     * Not Javadoc, but still the comment right above the method.
     */
    int count(String line) {
        return split(line).length; // trailing comment
    }

    /** Lower-cases every word. */
    @Deprecated
    public String[] normalize(String line) {
        return split(line.toLowerCase());
    }

    /** A detached comment, followed by a blank line. */

    void reset() {}
}

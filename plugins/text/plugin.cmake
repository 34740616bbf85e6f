# No grammar: prose files have no syntax to parse. The plugin claims them so
# they are indexed (searchable by path) and chunked by paragraphs.
cortex_plugin_from_dir(text)

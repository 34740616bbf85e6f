# No grammar of its own: the <script> blocks and Astro front matter are parsed
# by the javascript and typescript plugins (the embedded_regions hook).
cortex_plugin_from_dir(web)

#define strcasecmp _stricmp

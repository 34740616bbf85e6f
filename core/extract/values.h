#ifndef CORTEX_EXTRACT_VALUES_H
#define CORTEX_EXTRACT_VALUES_H

#include "../record/records.h"

#include <stdint.h>

/* Where a reference lies: in code (a definition that is not data), in data
 * (the initializer of a variable outside code), or neither. */
enum { CORTEX_REF_IN_CODE, CORTEX_REF_IN_DATA, CORTEX_REF_AT_TOP };

/** Drops the file's `value` references that cannot name anything the file
 *  knows: a name neither defined nor imported in the file, a member of a
 *  receiver the file neither defines, imports nor holds (`self`). Where the
 *  top level only declares (CORTEX_PLUGIN_DECLARATIVE_TOP_LEVEL), a bare name
 *  in data outside code (`where[i]` CORTEX_REF_IN_DATA) is kept, no local
 *  being there (a function table's entry, `.open = generic_file_open`, names
 *  a function of another file), unless it is the file's data or a name the
 *  language predeclares. Keeps the other references and their order. */
void cortex_extract__prune_values(cortex_file_records *r, const uint8_t *where);

#endif

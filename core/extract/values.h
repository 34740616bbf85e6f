#ifndef CORTEX_EXTRACT_VALUES_H
#define CORTEX_EXTRACT_VALUES_H

#include "../record/records.h"

/** Drops the file's `value` references that cannot name anything the file
 *  knows: a name neither defined nor imported in the file, a member of a
 *  receiver the file neither defines, imports nor holds (`self`). Keeps the
 *  other references and their order. */
void cortex_extract__prune_values(cortex_file_records *r);

#endif

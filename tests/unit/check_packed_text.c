/* Packed text (core/store/packed_text.h): what a writer binds comes back
 * byte for byte through cortex_unpack, text packing would not shrink stays
 * TEXT, and a damaged packed value is an error, never other text. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include "../../core/store/packed_text.h"
#include "check_run.h"

#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sqlite3 *open_db(void)
{
    sqlite3 *db;
    ck_assert_int_eq(sqlite3_open(":memory:", &db), SQLITE_OK);
    ck_assert_int_eq(cortex_store__register_unpack(db), 0);
    ck_assert_int_eq(sqlite3_exec(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, v NOT NULL)", NULL, NULL, NULL), SQLITE_OK);
    return db;
}

/* Stores `text` through a packer as row `id`; returns the stored type. */
static int store(sqlite3 *db, cortex_packer *p, int id, const char *text)
{
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "INSERT INTO t(id, v) VALUES (?, ?)", -1, &st, NULL), SQLITE_OK);
    sqlite3_bind_int(st, 1, id);
    ck_assert_int_eq(cortex_packer_bind(p, st, 2, text, strlen(text)), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT typeof(v) FROM t WHERE id = ?", -1, &st, NULL), SQLITE_OK);
    sqlite3_bind_int(st, 1, id);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    int type = strcmp((const char *)sqlite3_column_text(st, 0), "blob") == 0 ? SQLITE_BLOB : SQLITE_TEXT;
    sqlite3_finalize(st);
    return type;
}

/* cortex_unpack of row `id`: its text (malloc'd), or NULL with the error in `err`. */
static char *unpack(sqlite3 *db, int id, char *err, size_t err_size)
{
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT cortex_unpack(v), typeof(cortex_unpack(v)) FROM t WHERE id = ?", -1,
                                        &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_int(st, 1, id);
    char *out = NULL;
    if (sqlite3_step(st) == SQLITE_ROW) {
        ck_assert_str_eq((const char *)sqlite3_column_text(st, 1), "text");
        out = strdup((const char *)sqlite3_column_text(st, 0));
    } else {
        snprintf(err, err_size, "%s", sqlite3_errmsg(db));
    }
    sqlite3_finalize(st);
    return out;
}

START_TEST(test_text_comes_back_byte_for_byte)
{
    sqlite3 *db = open_db();
    cortex_packer *p = cortex_packer_new();
    ck_assert_ptr_nonnull(p);
    /* a code chunk's shape: repeated, so it packs; then one after it through the same packer */
    char chunk[4096] = "# fs/9p/acl.c (definitions)\n\n```c\n";
    for (int i = 0; i < 40; i++) {
        char line[96];
        snprintf(line, sizeof line, "// lines %d-%d\nstatic int v9fs_acl_%d(struct inode *inode, int type)\n\n", i * 10,
                 i * 10 + 8, i);
        strcat(chunk, line);
    }
    const char *texts[] = {chunk, "# README\n\nUsage: run it with --help to see every option, then again with more.\n",
                           "short", "", "caf\xc3\xa9 \xe2\x80\x94 na\xc3\xafve text, packed or not, comes back the same."};
    int packed = 0;
    for (int i = 0; i < (int)(sizeof texts / sizeof *texts); i++) {
        int type = store(db, p, i + 1, texts[i]);
        packed += type == SQLITE_BLOB;
        if (strlen(texts[i]) < 16) ck_assert_int_eq(type, SQLITE_TEXT); /* too short to gain */
        char err[256] = "";
        char *back = unpack(db, i + 1, err, sizeof err);
        ck_assert_msg(back != NULL, "row %d: %s", i + 1, err);
        ck_assert_str_eq(back, texts[i]);
        free(back);
    }
    ck_assert_int_ge(packed, 1);
    ck_assert_int_eq(store(db, p, 100, chunk), SQLITE_BLOB);
    /* the chunk packs to well under its size */
    sqlite3_stmt *st;
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT length(v) FROM t WHERE id = 100", -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_int_lt(sqlite3_column_int(st, 0), (int)strlen(chunk) / 2);
    sqlite3_finalize(st);
    /* NULL and numbers pass through */
    ck_assert_int_eq(sqlite3_prepare_v2(db, "SELECT cortex_unpack(NULL) IS NULL, cortex_unpack(7)", -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_int_eq(sqlite3_column_int(st, 0), 1);
    ck_assert_int_eq(sqlite3_column_int(st, 1), 7);
    sqlite3_finalize(st);
    cortex_packer_free(p);
    sqlite3_close(db);
}
END_TEST

START_TEST(test_a_damaged_packed_value_is_an_error)
{
    sqlite3 *db = open_db();
    const char *damaged[] = {
        "INSERT INTO t VALUES (1, x'0100')",                 /* shorter than its length */
        "INSERT INTO t VALUES (2, x'10000000ffffffffffff')", /* not deflate */
        "INSERT INTO t VALUES (3, x'ffffff7f0300')",         /* a length past SQLite's limit */
    };
    for (int i = 0; i < 3; i++) ck_assert_int_eq(sqlite3_exec(db, damaged[i], NULL, NULL, NULL), SQLITE_OK);
    /* a real packed value whose length says one byte more than it holds */
    cortex_packer *p = cortex_packer_new();
    char text[200];
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    ck_assert_int_eq(store(db, p, 4, text), SQLITE_BLOB);
    ck_assert_int_eq(sqlite3_exec(db, "UPDATE t SET v = CAST(x'c8000000' || substr(v, 5) AS BLOB) WHERE id = 4", NULL, NULL, NULL),
                     SQLITE_OK);
    for (int id = 1; id <= 4; id++) {
        char err[256] = "";
        char *back = unpack(db, id, err, sizeof err);
        ck_assert_msg(back == NULL, "row %d unpacked to text", id);
        ck_assert_msg(strstr(err, "cortex_unpack") || strstr(err, "too big"), "row %d: %s", id, err);
    }
    cortex_packer_free(p);
    sqlite3_close(db);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("packed_text");
    TCase *tc = tcase_create("packed_text");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_text_comes_back_byte_for_byte);
    tcase_add_test(tc, test_a_damaged_packed_value_is_an_error);
    suite_add_tcase(s, tc);
    return cortex_check_run(s);
}

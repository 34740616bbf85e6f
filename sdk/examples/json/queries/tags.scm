; Each key of an object is a property spanning its whole pair, so keys of a
; nested object get the enclosing key as parent.
(pair key: (string (string_content) @name)) @definition.property

; String values are prose worth searching.
(pair value: (string) @text.string)

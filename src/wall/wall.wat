;; Tenhou's wall generation in WebAssembly: MT19937 (init_by_array), SHA-512 of each 128-byte chunk
;; of a round's 288 outputs, and the shuffle. The JavaScript version in mt19937.ts and shuffle.ts is the
;; reference; test/wall/wasm.test.ts proves both give the same walls. Built into wall-wasm.ts by
;; scripts/build-wall-wasm.mjs (npm run build:wasm).
;;
;; Memory (one 64 KiB page), byte offsets:
;;   0     mt[624] u32              2496  mti i32
;;   2560  outputs[288] u32         3840  rnd[144] u32 (nine SHA-512 digests, as bytes)
;;   4480  wall[136] u8             4672  key[624] u32 (written by JavaScript)
;;   7168  W[80] u64 (schedule)     7808  Wpad[80] u64 (the padding block's schedule, constant)
;;   8448  K[80] u64 (written by JavaScript)   9088  IV[8] u64 (written by JavaScript)
;;   9152  H[8] u64 (state)
(module
  (memory (export "memory") 1)

  (global $MT i32 (i32.const 0))
  (global $MTI i32 (i32.const 2496))
  (global $OUT i32 (i32.const 2560))
  (global $RND i32 (i32.const 3840))
  (global $WALL i32 (i32.const 4480))
  (global $KEY i32 (i32.const 4672))
  (global $W i32 (i32.const 7168))
  (global $WPAD i32 (i32.const 7808))
  (global $K i32 (i32.const 8448))
  (global $IV i32 (i32.const 9088))
  (global $H i32 (i32.const 9152))

  ;; ---------- MT19937 ----------


  (func $initGenrand (param $s i32)
    (local $i i32) (local $prev i32)
    (i32.store (i32.shl (i32.const 0) (i32.const 2)) (local.get $s))
    (local.set $i (i32.const 1))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (i32.const 624)))
        (local.set $prev (i32.load (i32.shl (i32.sub (local.get $i) (i32.const 1)) (i32.const 2))))
        (i32.store (i32.shl (local.get $i) (i32.const 2)) (i32.add
            (i32.mul (i32.const 1812433253) (i32.xor (local.get $prev) (i32.shr_u (local.get $prev) (i32.const 30))))
            (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (i32.store (global.get $MTI) (i32.const 624)))

  ;; init_by_array with the key JavaScript wrote at $KEY
  (func (export "initByArray") (param $len i32)
    (local $i i32) (local $j i32) (local $k i32) (local $prev i32)
    (call $initGenrand (i32.const 19650218))
    (local.set $i (i32.const 1))
    (local.set $j (i32.const 0))
    (local.set $k (select (i32.const 624) (local.get $len) (i32.gt_u (i32.const 624) (local.get $len))))
    (block $done1
      (loop $step1
        (br_if $done1 (i32.eqz (local.get $k)))
        (local.set $prev (i32.load (i32.shl (i32.sub (local.get $i) (i32.const 1)) (i32.const 2))))
        (i32.store (i32.shl (local.get $i) (i32.const 2)) (i32.add
            (i32.add
              (i32.xor (i32.load (i32.shl (local.get $i) (i32.const 2)))
                (i32.mul (i32.xor (local.get $prev) (i32.shr_u (local.get $prev) (i32.const 30))) (i32.const 1664525)))
              (i32.load (i32.add (global.get $KEY) (i32.shl (local.get $j) (i32.const 2)))))
            (local.get $j)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (if (i32.ge_u (local.get $i) (i32.const 624))
          (then
            (i32.store (i32.shl (i32.const 0) (i32.const 2)) (i32.load (i32.shl (i32.const 623) (i32.const 2))))
            (local.set $i (i32.const 1))))
        (if (i32.ge_u (local.get $j) (local.get $len)) (then (local.set $j (i32.const 0))))
        (local.set $k (i32.sub (local.get $k) (i32.const 1)))
        (br $step1)))
    (local.set $k (i32.const 623))
    (block $done2
      (loop $step2
        (br_if $done2 (i32.eqz (local.get $k)))
        (local.set $prev (i32.load (i32.shl (i32.sub (local.get $i) (i32.const 1)) (i32.const 2))))
        (i32.store (i32.shl (local.get $i) (i32.const 2)) (i32.sub
            (i32.xor (i32.load (i32.shl (local.get $i) (i32.const 2)))
              (i32.mul (i32.xor (local.get $prev) (i32.shr_u (local.get $prev) (i32.const 30))) (i32.const 1566083941)))
            (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (if (i32.ge_u (local.get $i) (i32.const 624))
          (then
            (i32.store (i32.shl (i32.const 0) (i32.const 2)) (i32.load (i32.shl (i32.const 623) (i32.const 2))))
            (local.set $i (i32.const 1))))
        (local.set $k (i32.sub (local.get $k) (i32.const 1)))
        (br $step2)))
    (i32.store (i32.shl (i32.const 0) (i32.const 2)) (i32.const 0x80000000))
    (i32.store (global.get $MTI) (i32.const 624)))

  (func $twistOne (param $kk i32) (param $next i32) (param $far i32)
    (local $y i32)
    (local.set $y (i32.or
      (i32.and (i32.load (i32.shl (local.get $kk) (i32.const 2))) (i32.const 0x80000000))
      (i32.and (i32.load (i32.shl (local.get $next) (i32.const 2))) (i32.const 0x7fffffff))))
    (i32.store (i32.shl (local.get $kk) (i32.const 2)) (i32.xor
        (i32.xor (i32.load (i32.shl (local.get $far) (i32.const 2))) (i32.shr_u (local.get $y) (i32.const 1)))
        (select (i32.const 0x9908b0df) (i32.const 0) (i32.and (local.get $y) (i32.const 1))))))

  (func $twist
    (local $kk i32)
    (block $a (loop $la
      (br_if $a (i32.ge_u (local.get $kk) (i32.const 227)))
      (call $twistOne (local.get $kk) (i32.add (local.get $kk) (i32.const 1)) (i32.add (local.get $kk) (i32.const 397)))
      (local.set $kk (i32.add (local.get $kk) (i32.const 1)))
      (br $la)))
    (block $b (loop $lb
      (br_if $b (i32.ge_u (local.get $kk) (i32.const 623)))
      (call $twistOne (local.get $kk) (i32.add (local.get $kk) (i32.const 1)) (i32.sub (local.get $kk) (i32.const 227)))
      (local.set $kk (i32.add (local.get $kk) (i32.const 1)))
      (br $lb)))
    (call $twistOne (i32.const 623) (i32.const 0) (i32.const 396))
    (i32.store (global.get $MTI) (i32.const 0)))

  ;; The next 288 tempered outputs into $OUT.
  (func $fillOutputs
    (local $n i32) (local $mti i32) (local $y i32)
    (local.set $mti (i32.load (global.get $MTI)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $n) (i32.const 288)))
        (if (i32.ge_u (local.get $mti) (i32.const 624))
          (then (call $twist) (local.set $mti (i32.const 0))))
        (local.set $y (i32.load (i32.shl (local.get $mti) (i32.const 2))))
        (local.set $mti (i32.add (local.get $mti) (i32.const 1)))
        (local.set $y (i32.xor (local.get $y) (i32.shr_u (local.get $y) (i32.const 11))))
        (local.set $y (i32.xor (local.get $y) (i32.and (i32.shl (local.get $y) (i32.const 7)) (i32.const 0x9d2c5680))))
        (local.set $y (i32.xor (local.get $y) (i32.and (i32.shl (local.get $y) (i32.const 15)) (i32.const 0xefc60000))))
        (local.set $y (i32.xor (local.get $y) (i32.shr_u (local.get $y) (i32.const 18))))
        (i32.store (i32.add (global.get $OUT) (i32.shl (local.get $n) (i32.const 2))) (local.get $y))
        (local.set $n (i32.add (local.get $n) (i32.const 1)))
        (br $next)))
    (i32.store (global.get $MTI) (local.get $mti)))

  ;; ---------- SHA-512 of one 128-byte message ----------



  ;; Extends W[0..15] at $base to the full 80-word schedule.
  (func $schedule (param $base i32)
    (local $t i32) (local $a i64) (local $b i64)
    (local.set $t (i32.const 16))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $t) (i32.const 80)))
        (local.set $a (i64.load (i32.add (local.get $base) (i32.shl (i32.sub (local.get $t) (i32.const 2)) (i32.const 3)))))
        (local.set $b (i64.load (i32.add (local.get $base) (i32.shl (i32.sub (local.get $t) (i32.const 15)) (i32.const 3)))))
        (i64.store (i32.add (local.get $base) (i32.shl (local.get $t) (i32.const 3)))
          (i64.add
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $a) (i64.const 19)) (i64.rotr (local.get $a) (i64.const 61))) (i64.shr_u (local.get $a) (i64.const 6)))
              (i64.load (i32.add (local.get $base) (i32.shl (i32.sub (local.get $t) (i32.const 7)) (i32.const 3)))))
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $b) (i64.const 1)) (i64.rotr (local.get $b) (i64.const 8))) (i64.shr_u (local.get $b) (i64.const 7)))
              (i64.load (i32.add (local.get $base) (i32.shl (i32.sub (local.get $t) (i32.const 16)) (i32.const 3)))))))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $next))))

  ;; The 80 rounds over the schedule at $sched, added into $H. Unrolled eight rounds at a time, the
  ;; working variables taking each other's roles in turn, so no round moves all eight of them along.
  (func $compress (param $sched i32)
    (local $a i64) (local $b i64) (local $c i64) (local $d i64)
    (local $e i64) (local $f i64) (local $g i64) (local $h i64)
    (local $t1 i64) (local $k i32) (local $w i32) (local $end i32)
    (local.set $a (i64.load offset=0 (global.get $H)))
    (local.set $b (i64.load offset=8 (global.get $H)))
    (local.set $c (i64.load offset=16 (global.get $H)))
    (local.set $d (i64.load offset=24 (global.get $H)))
    (local.set $e (i64.load offset=32 (global.get $H)))
    (local.set $f (i64.load offset=40 (global.get $H)))
    (local.set $g (i64.load offset=48 (global.get $H)))
    (local.set $h (i64.load offset=56 (global.get $H)))
    (local.set $k (global.get $K))
    (local.set $w (local.get $sched))
    (local.set $end (i32.add (local.get $sched) (i32.const 640)))
    (block $done
      (loop $eight
        ;; round 8j+0
        (local.set $t1
          (i64.add
            (i64.add
              (i64.add (local.get $h) (i64.xor (i64.xor (i64.rotr (local.get $e) (i64.const 14)) (i64.rotr (local.get $e) (i64.const 18))) (i64.rotr (local.get $e) (i64.const 41))))
              (i64.xor (local.get $g) (i64.and (local.get $e) (i64.xor (local.get $f) (local.get $g)))))
            (i64.add (i64.load offset=0 (local.get $k)) (i64.load offset=0 (local.get $w)))))
        (local.set $d (i64.add (local.get $d) (local.get $t1)))
        (local.set $h
          (i64.add
            (local.get $t1)
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $a) (i64.const 28)) (i64.rotr (local.get $a) (i64.const 34))) (i64.rotr (local.get $a) (i64.const 39)))
              (i64.xor (i64.and (local.get $a) (local.get $b)) (i64.and (i64.xor (local.get $a) (local.get $b)) (local.get $c))))))
        ;; round 8j+1
        (local.set $t1
          (i64.add
            (i64.add
              (i64.add (local.get $g) (i64.xor (i64.xor (i64.rotr (local.get $d) (i64.const 14)) (i64.rotr (local.get $d) (i64.const 18))) (i64.rotr (local.get $d) (i64.const 41))))
              (i64.xor (local.get $f) (i64.and (local.get $d) (i64.xor (local.get $e) (local.get $f)))))
            (i64.add (i64.load offset=8 (local.get $k)) (i64.load offset=8 (local.get $w)))))
        (local.set $c (i64.add (local.get $c) (local.get $t1)))
        (local.set $g
          (i64.add
            (local.get $t1)
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $h) (i64.const 28)) (i64.rotr (local.get $h) (i64.const 34))) (i64.rotr (local.get $h) (i64.const 39)))
              (i64.xor (i64.and (local.get $h) (local.get $a)) (i64.and (i64.xor (local.get $h) (local.get $a)) (local.get $b))))))
        ;; round 8j+2
        (local.set $t1
          (i64.add
            (i64.add
              (i64.add (local.get $f) (i64.xor (i64.xor (i64.rotr (local.get $c) (i64.const 14)) (i64.rotr (local.get $c) (i64.const 18))) (i64.rotr (local.get $c) (i64.const 41))))
              (i64.xor (local.get $e) (i64.and (local.get $c) (i64.xor (local.get $d) (local.get $e)))))
            (i64.add (i64.load offset=16 (local.get $k)) (i64.load offset=16 (local.get $w)))))
        (local.set $b (i64.add (local.get $b) (local.get $t1)))
        (local.set $f
          (i64.add
            (local.get $t1)
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $g) (i64.const 28)) (i64.rotr (local.get $g) (i64.const 34))) (i64.rotr (local.get $g) (i64.const 39)))
              (i64.xor (i64.and (local.get $g) (local.get $h)) (i64.and (i64.xor (local.get $g) (local.get $h)) (local.get $a))))))
        ;; round 8j+3
        (local.set $t1
          (i64.add
            (i64.add
              (i64.add (local.get $e) (i64.xor (i64.xor (i64.rotr (local.get $b) (i64.const 14)) (i64.rotr (local.get $b) (i64.const 18))) (i64.rotr (local.get $b) (i64.const 41))))
              (i64.xor (local.get $d) (i64.and (local.get $b) (i64.xor (local.get $c) (local.get $d)))))
            (i64.add (i64.load offset=24 (local.get $k)) (i64.load offset=24 (local.get $w)))))
        (local.set $a (i64.add (local.get $a) (local.get $t1)))
        (local.set $e
          (i64.add
            (local.get $t1)
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $f) (i64.const 28)) (i64.rotr (local.get $f) (i64.const 34))) (i64.rotr (local.get $f) (i64.const 39)))
              (i64.xor (i64.and (local.get $f) (local.get $g)) (i64.and (i64.xor (local.get $f) (local.get $g)) (local.get $h))))))
        ;; round 8j+4
        (local.set $t1
          (i64.add
            (i64.add
              (i64.add (local.get $d) (i64.xor (i64.xor (i64.rotr (local.get $a) (i64.const 14)) (i64.rotr (local.get $a) (i64.const 18))) (i64.rotr (local.get $a) (i64.const 41))))
              (i64.xor (local.get $c) (i64.and (local.get $a) (i64.xor (local.get $b) (local.get $c)))))
            (i64.add (i64.load offset=32 (local.get $k)) (i64.load offset=32 (local.get $w)))))
        (local.set $h (i64.add (local.get $h) (local.get $t1)))
        (local.set $d
          (i64.add
            (local.get $t1)
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $e) (i64.const 28)) (i64.rotr (local.get $e) (i64.const 34))) (i64.rotr (local.get $e) (i64.const 39)))
              (i64.xor (i64.and (local.get $e) (local.get $f)) (i64.and (i64.xor (local.get $e) (local.get $f)) (local.get $g))))))
        ;; round 8j+5
        (local.set $t1
          (i64.add
            (i64.add
              (i64.add (local.get $c) (i64.xor (i64.xor (i64.rotr (local.get $h) (i64.const 14)) (i64.rotr (local.get $h) (i64.const 18))) (i64.rotr (local.get $h) (i64.const 41))))
              (i64.xor (local.get $b) (i64.and (local.get $h) (i64.xor (local.get $a) (local.get $b)))))
            (i64.add (i64.load offset=40 (local.get $k)) (i64.load offset=40 (local.get $w)))))
        (local.set $g (i64.add (local.get $g) (local.get $t1)))
        (local.set $c
          (i64.add
            (local.get $t1)
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $d) (i64.const 28)) (i64.rotr (local.get $d) (i64.const 34))) (i64.rotr (local.get $d) (i64.const 39)))
              (i64.xor (i64.and (local.get $d) (local.get $e)) (i64.and (i64.xor (local.get $d) (local.get $e)) (local.get $f))))))
        ;; round 8j+6
        (local.set $t1
          (i64.add
            (i64.add
              (i64.add (local.get $b) (i64.xor (i64.xor (i64.rotr (local.get $g) (i64.const 14)) (i64.rotr (local.get $g) (i64.const 18))) (i64.rotr (local.get $g) (i64.const 41))))
              (i64.xor (local.get $a) (i64.and (local.get $g) (i64.xor (local.get $h) (local.get $a)))))
            (i64.add (i64.load offset=48 (local.get $k)) (i64.load offset=48 (local.get $w)))))
        (local.set $f (i64.add (local.get $f) (local.get $t1)))
        (local.set $b
          (i64.add
            (local.get $t1)
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $c) (i64.const 28)) (i64.rotr (local.get $c) (i64.const 34))) (i64.rotr (local.get $c) (i64.const 39)))
              (i64.xor (i64.and (local.get $c) (local.get $d)) (i64.and (i64.xor (local.get $c) (local.get $d)) (local.get $e))))))
        ;; round 8j+7
        (local.set $t1
          (i64.add
            (i64.add
              (i64.add (local.get $a) (i64.xor (i64.xor (i64.rotr (local.get $f) (i64.const 14)) (i64.rotr (local.get $f) (i64.const 18))) (i64.rotr (local.get $f) (i64.const 41))))
              (i64.xor (local.get $h) (i64.and (local.get $f) (i64.xor (local.get $g) (local.get $h)))))
            (i64.add (i64.load offset=56 (local.get $k)) (i64.load offset=56 (local.get $w)))))
        (local.set $e (i64.add (local.get $e) (local.get $t1)))
        (local.set $a
          (i64.add
            (local.get $t1)
            (i64.add
              (i64.xor (i64.xor (i64.rotr (local.get $b) (i64.const 28)) (i64.rotr (local.get $b) (i64.const 34))) (i64.rotr (local.get $b) (i64.const 39)))
              (i64.xor (i64.and (local.get $b) (local.get $c)) (i64.and (i64.xor (local.get $b) (local.get $c)) (local.get $d))))))
        (local.set $k (i32.add (local.get $k) (i32.const 64)))
        (local.set $w (i32.add (local.get $w) (i32.const 64)))
        (br_if $eight (i32.lt_u (local.get $w) (local.get $end)))))
    (i64.store offset=0 (global.get $H) (i64.add (i64.load offset=0 (global.get $H)) (local.get $a)))
    (i64.store offset=8 (global.get $H) (i64.add (i64.load offset=8 (global.get $H)) (local.get $b)))
    (i64.store offset=16 (global.get $H) (i64.add (i64.load offset=16 (global.get $H)) (local.get $c)))
    (i64.store offset=24 (global.get $H) (i64.add (i64.load offset=24 (global.get $H)) (local.get $d)))
    (i64.store offset=32 (global.get $H) (i64.add (i64.load offset=32 (global.get $H)) (local.get $e)))
    (i64.store offset=40 (global.get $H) (i64.add (i64.load offset=40 (global.get $H)) (local.get $f)))
    (i64.store offset=48 (global.get $H) (i64.add (i64.load offset=48 (global.get $H)) (local.get $g)))
    (i64.store offset=56 (global.get $H) (i64.add (i64.load offset=56 (global.get $H)) (local.get $h))))

  ;; The padding block of a 128-byte message is always the same: its schedule is computed once.
  (func (export "prepare")
    (local $t i32)
    (block $done (loop $zero
      (br_if $done (i32.ge_u (local.get $t) (i32.const 16)))
      (i64.store (i32.add (global.get $WPAD) (i32.shl (local.get $t) (i32.const 3))) (i64.const 0))
      (local.set $t (i32.add (local.get $t) (i32.const 1)))
      (br $zero)))
    (i64.store offset=0 (global.get $WPAD) (i64.const 0x8000000000000000))
    (i64.store offset=120 (global.get $WPAD) (i64.const 1024))
    (call $schedule (global.get $WPAD)))

  ;; SHA-512 of the 128 bytes at $src; the digest's 64 bytes go to $dst.
  (func $sha512 (param $src i32) (param $dst i32)
    (local $t i32) (local $x i64)
    (memory.copy (global.get $H) (global.get $IV) (i32.const 64))
    (block $done (loop $load
      (br_if $done (i32.ge_u (local.get $t) (i32.const 16)))
      (local.set $x (i64.load (i32.add (local.get $src) (i32.shl (local.get $t) (i32.const 3)))))
      (i64.store (i32.add (global.get $W) (i32.shl (local.get $t) (i32.const 3))) (i64.rotl (i64.or (i64.shr_u (i64.and (i64.or (i64.shr_u (i64.and (local.get $x) (i64.const 0xff00ff00ff00ff00)) (i64.const 8)) (i64.shl (i64.and (local.get $x) (i64.const 0x00ff00ff00ff00ff)) (i64.const 8))) (i64.const 0xffff0000ffff0000)) (i64.const 16)) (i64.shl (i64.and (i64.or (i64.shr_u (i64.and (local.get $x) (i64.const 0xff00ff00ff00ff00)) (i64.const 8)) (i64.shl (i64.and (local.get $x) (i64.const 0x00ff00ff00ff00ff)) (i64.const 8))) (i64.const 0x0000ffff0000ffff)) (i64.const 16))) (i64.const 32)))
      (local.set $t (i32.add (local.get $t) (i32.const 1)))
      (br $load)))
    (call $schedule (global.get $W))
    (call $compress (global.get $W))
    (call $compress (global.get $WPAD))
    (local.set $t (i32.const 0))
    (block $out (loop $store
      (br_if $out (i32.ge_u (local.get $t) (i32.const 8)))
      (local.set $x (i64.load (i32.add (global.get $H) (i32.shl (local.get $t) (i32.const 3)))))
      (i64.store (i32.add (local.get $dst) (i32.shl (local.get $t) (i32.const 3))) (i64.rotl (i64.or (i64.shr_u (i64.and (i64.or (i64.shr_u (i64.and (local.get $x) (i64.const 0xff00ff00ff00ff00)) (i64.const 8)) (i64.shl (i64.and (local.get $x) (i64.const 0x00ff00ff00ff00ff)) (i64.const 8))) (i64.const 0xffff0000ffff0000)) (i64.const 16)) (i64.shl (i64.and (i64.or (i64.shr_u (i64.and (local.get $x) (i64.const 0xff00ff00ff00ff00)) (i64.const 8)) (i64.shl (i64.and (local.get $x) (i64.const 0x00ff00ff00ff00ff)) (i64.const 8))) (i64.const 0x0000ffff0000ffff)) (i64.const 16))) (i64.const 32)))
      (local.set $t (i32.add (local.get $t) (i32.const 1)))
      (br $store))))

  ;; ---------- one round ----------

  ;; Builds the next round's wall at $WALL from the stream: 288 outputs, hashed into $RND when `hashed`,
  ;; then the swap shuffle of the 136 tiles (3-player: the 108 without ids 4..31) with them.
  (func (export "nextRound") (param $players i32) (param $hashed i32)
    (local $i i32) (local $n i32) (local $j i32) (local $tmp i32) (local $src i32)
    (call $fillOutputs)
    (if (local.get $hashed)
      (then
        (block $done (loop $chunk
          (br_if $done (i32.ge_u (local.get $i) (i32.const 9)))
          (call $sha512
            (i32.add (global.get $OUT) (i32.shl (local.get $i) (i32.const 7)))
            (i32.add (global.get $RND) (i32.shl (local.get $i) (i32.const 6))))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $chunk)))
        (local.set $src (global.get $RND)))
      (else (local.set $src (global.get $OUT))))
    ;; the sorted tiles
    (local.set $n (i32.const 0))
    (local.set $i (i32.const 0))
    (block $filled (loop $fill
      (br_if $filled (i32.ge_u (local.get $i) (i32.const 136)))
      (if (i32.or (i32.eq (local.get $players) (i32.const 4))
                  (i32.or (i32.lt_u (local.get $i) (i32.const 4)) (i32.ge_u (local.get $i) (i32.const 32))))
        (then
          (i32.store8 (i32.add (global.get $WALL) (local.get $n)) (local.get $i))
          (local.set $n (i32.add (local.get $n) (i32.const 1)))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $fill)))
    ;; swap wall[i] with wall[i + rnd[i] % (n - i)] for i = 0..n-2
    (local.set $i (i32.const 0))
    (block $shuffled (loop $swap
      (br_if $shuffled (i32.ge_u (local.get $i) (i32.sub (local.get $n) (i32.const 1))))
      (local.set $j (i32.add (local.get $i)
        (i32.rem_u (i32.load (i32.add (local.get $src) (i32.shl (local.get $i) (i32.const 2))))
                   (i32.sub (local.get $n) (local.get $i)))))
      (local.set $tmp (i32.load8_u (i32.add (global.get $WALL) (local.get $i))))
      (i32.store8 (i32.add (global.get $WALL) (local.get $i)) (i32.load8_u (i32.add (global.get $WALL) (local.get $j))))
      (i32.store8 (i32.add (global.get $WALL) (local.get $j)) (local.get $tmp))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $swap))))

  ;; Test hook: SHA-512 of 128 bytes at `src` into `dst` (both inside memory).
  (func (export "sha512") (param $src i32) (param $dst i32) (call $sha512 (local.get $src) (local.get $dst)))
)

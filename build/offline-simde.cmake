# Let WAMR's FetchContent use the Debian libsimde-dev headers (offline build machines).
if(EXISTS /usr/include/simde)
  set(FETCHCONTENT_SOURCE_DIR_SIMDE "/usr/include" CACHE PATH "")
endif()
